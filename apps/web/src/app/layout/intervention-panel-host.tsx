/**
 * Mounts the intervention panel (SPEC §2.5) once, on the first `openInterventionPanel` event: the panel's code is
 * loaded on demand, then the event that asked for it is replayed so that the freshly mounted panel opens.
 */
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from 'react';
import { type AppEvents, emit, useEvent } from '../../shared/lib/events';

type OpenRequest = AppEvents['openInterventionPanel'];

/** Re-emits the first request after the panel (an earlier sibling) has subscribed in its own effects. */
function Replay({ request, onDone }: { request: OpenRequest; onDone: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: replays once, on mount
  useEffect(() => {
    emit('openInterventionPanel', request);
    onDone();
  }, []);
  return null;
}

/** Mounts `Panel` (a lazy component) on the first `openInterventionPanel` event and replays that event. */
export function DeferredPanelHost({ Panel }: { Panel: LazyExoticComponent<ComponentType> }) {
  const [loaded, setLoaded] = useState(false);
  const [pending, setPending] = useState<OpenRequest | null>(null);
  useEvent('openInterventionPanel', (request) => {
    if (loaded) return;
    setPending(request);
    setLoaded(true);
  });
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <Panel />
      {pending ? <Replay request={pending} onDone={() => setPending(null)} /> : null}
    </Suspense>
  );
}

// the panel's code, then its on-demand `interventions` texts (ARCHITECTURE §6: in neither the start-up bundle nor the
// shell's catalogues), before the first open is replayed
const InterventionPanel = lazy(() =>
  import('../../features/interventions/components/intervention-panel').then((module) => module.loadPanelWithTexts()),
);

/** The intervention panel of the feature, loaded on first use. */
export function InterventionPanelHost() {
  return <DeferredPanelHost Panel={InterventionPanel} />;
}
