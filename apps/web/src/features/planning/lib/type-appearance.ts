/** Colour + icon of each intervention type (never colour alone: the badge also shows the translated type). */
import type { InterventionType } from '@isoptera/contracts';
import { Archive, Calculator, type LucideIcon, PackagePlus, ShieldCheck } from 'lucide-react';
import type { BadgeTone } from '../../../shared/ui/badge';

export const TYPE_APPEARANCE: Record<InterventionType, { tone: BadgeTone; icon: LucideIcon }> = {
  TYPE_PRE_VISIT: { tone: 'amber', icon: Calculator },
  TYPE_COMMISSIONING: { tone: 'blue', icon: PackagePlus },
  TYPE_CONTROL_VISIT: { tone: 'green', icon: ShieldCheck },
  TYPE_CLOSING_SITE: { tone: 'purple', icon: Archive },
};
