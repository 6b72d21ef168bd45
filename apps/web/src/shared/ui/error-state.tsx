/** Error state of a list or panel with a retry button (ARCHITECTURE §7 "error state with retry"). */
import { CircleExclamationPoint, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';
import { Button } from './button';

export interface ErrorStateProps {
  /** The error thrown by the call; its translated message is shown. */
  error?: unknown;
  /** A message replacing the translated error. */
  message?: string;
  onRetry?: () => void;
  isRetrying?: boolean;
}

/** Shown in place of content that failed to load. */
export function ErrorState({ error, message, onRetry, isRetrying = false }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 px-4 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700" aria-hidden>
        <CircleExclamationPoint size={24} />
      </span>
      <p className="max-w-sm text-sm text-gray-800">{message ?? errorMessage(error)}</p>
      {onRetry ? (
        <Button variant="white" onPress={onRetry} isLoading={isRetrying} icon={<RefreshCw size={16} aria-hidden />}>
          {t('common:actions.retry')}
        </Button>
      ) : null}
    </div>
  );
}
