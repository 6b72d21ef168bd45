/**
 * The installation pictures of an equipment (SPEC §3 "Equipment"): thumbnails; a click enlarges one, with the previous
 * and next ones a press away.
 */
import type { Equipment } from '@isoptera/contracts';
import { ArrowLeft, ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Modal } from '../../../shared/ui/modal';

export interface PicturesModalProps {
  /** The equipment whose pictures are shown; null closes the modal. */
  equipment: Equipment | null;
  onClose: () => void;
}

/** A modal with the equipment's pictures. */
export function PicturesModal({ equipment, onClose }: PicturesModalProps) {
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState<number | null>(null);
  const pictures = equipment?.pictures ?? [];
  const reference = equipment?.reference ?? '';
  const alt = (index: number) => t('equipment:pictures.alt', { index: index + 1, reference });

  // biome-ignore lint/correctness/useExhaustiveDependencies: back to the thumbnails for another equipment
  useEffect(() => setEnlarged(null), [equipment?.ulid]);

  const current = enlarged === null ? undefined : pictures[enlarged];
  return (
    <Modal
      isOpen={equipment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('equipment:pictures.title', { reference })}
      footer={
        <Button variant="white" onPress={onClose}>
          {t('common:actions.close')}
        </Button>
      }
    >
      {pictures.length === 0 ? (
        <EmptyState icon={<ImageOff size={24} />} message={t('equipment:pictures.none')} />
      ) : current && enlarged !== null ? (
        <div className="flex flex-col gap-3">
          <img
            src={current.url}
            alt={alt(enlarged)}
            className="max-h-[65vh] w-full rounded-md bg-gray-100 object-contain"
          />
          <div className="flex items-center justify-between gap-2">
            <Button
              variant="white"
              size="sm"
              onPress={() => setEnlarged(null)}
              icon={<ArrowLeft size={16} aria-hidden />}
            >
              {t('equipment:pictures.back')}
            </Button>
            <span className="text-[13px] text-gray-700 tabular-nums">
              {t('equipment:pictures.position', { index: enlarged + 1, total: pictures.length })}
            </span>
            <span className="flex gap-1">
              <Button
                variant="white"
                size="sm"
                aria-label={t('equipment:pictures.previous')}
                isDisabled={enlarged === 0}
                onPress={() => setEnlarged(enlarged - 1)}
                icon={<ChevronLeft size={16} aria-hidden />}
              />
              <Button
                variant="white"
                size="sm"
                aria-label={t('equipment:pictures.next')}
                isDisabled={enlarged === pictures.length - 1}
                onPress={() => setEnlarged(enlarged + 1)}
                icon={<ChevronRight size={16} aria-hidden />}
              />
            </span>
          </div>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {pictures.map((picture, index) => (
            <li key={picture.ulid}>
              <button
                type="button"
                onClick={() => setEnlarged(index)}
                aria-label={t('equipment:pictures.enlarge', { index: index + 1 })}
                className="block w-full overflow-hidden rounded-md border border-gray-200 outline-none hover:opacity-90 focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <img src={picture.url} alt="" className="aspect-square w-full bg-gray-100 object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
