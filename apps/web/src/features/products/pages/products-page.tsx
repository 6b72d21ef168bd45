/**
 * The product catalogue (`/space-parameters/products`, PCO owner — issue 12 "Product catalogue under the space
 * settings"; SPEC §2.2 puts the space settings under `/space-parameters`): the products the PCO's technicians apply,
 * by name, 30 a page, with a search (250 ms debounce, SPEC §9) and the archived ones on demand; create and edit in a
 * slide-over; delete after confirmation — a product a report used is archived instead (the API answers it), and the
 * notification says which happened; an archived product can be restored. Texts: the `products` namespace, loaded on
 * demand.
 */
import { PAGE_SIZE, type Product } from '@isoptera/contracts';
import { useQuery } from '@tanstack/react-query';
import { ArchiveRestore, ArrowLeft, FlaskConical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withOnDemandTexts } from '../../../shared/i18n/with-on-demand-texts';
import { useDebouncedValue } from '../../../shared/lib/use-debounced-value';
import { useFormat } from '../../../shared/lib/use-format';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { Checkbox } from '../../../shared/ui/checkbox';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { notify, notifyError } from '../../../shared/ui/notifications';
import { PageHeader } from '../../../shared/ui/page-header';
import { Pagination } from '../../../shared/ui/pagination';
import { SearchInput } from '../../../shared/ui/search-input';
import { SkeletonLines } from '../../../shared/ui/skeleton';
import { productListQueryOptions, useProductMutations } from '../api/products-api';
import { ProductFormPanel } from '../components/product-form-panel';
import { productFormValues, productRequest } from '../lib/product-form';

/** Search debounce (SPEC §9 "Search and picker filter debounce"). */
const SEARCH_DEBOUNCE_MS = 250;

function ProductRow({
  product,
  onEdit,
  onDelete,
  onRestore,
  isBusy,
}: {
  product: Product;
  onEdit: () => void;
  onDelete: () => void;
  onRestore: () => void;
  isBusy: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const ingredients = product.active_ingredients
    .map((i) => t('products:list.ingredient', { name: i.name, percent: format.number(i.percent) }))
    .join(', ');
  const archived = product.archived_at !== null;
  return (
    <li className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className={archived ? 'font-medium text-gray-600' : 'font-medium text-gray-900'}>{product.name}</span>
          {product.is_bait ? <Badge tone="brand">{t('products:list.bait')}</Badge> : null}
          {archived ? (
            <Badge tone="gray">{t('products:list.archivedOn', { date: format.date(product.archived_at) })}</Badge>
          ) : null}
        </div>
        <p className="text-[13px] text-gray-700">{ingredients || t('products:list.noIngredient')}</p>
        <p className="text-xs text-gray-600">
          {product.registration_number
            ? t('products:list.registration', {
                number: product.registration_number,
                register: t(`products:register.${product.register ?? 'none'}`),
              })
            : t('products:list.noRegistration')}
          {' · '}
          {t('products:list.unit', { unit: t(`products:unitName.${product.unit}`) })}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="white" size="sm" icon={<Pencil size={16} aria-hidden />} onPress={onEdit} isDisabled={isBusy}>
          {t('products:actions.edit')}
          <span className="sr-only">{` ${product.name}`}</span>
        </Button>
        {archived ? (
          <Button
            variant="white"
            size="sm"
            icon={<ArchiveRestore size={16} aria-hidden />}
            onPress={onRestore}
            isDisabled={isBusy}
          >
            {t('products:actions.restore')}
            <span className="sr-only">{` ${product.name}`}</span>
          </Button>
        ) : (
          <Button
            variant="white"
            size="sm"
            icon={<Trash2 size={16} aria-hidden />}
            onPress={onDelete}
            isDisabled={isBusy}
          >
            {t('products:actions.delete')}
            <span className="sr-only">{` ${product.name}`}</span>
          </Button>
        )}
      </div>
    </li>
  );
}

/** The product catalogue screen, once its texts are loaded. */
function ProductsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [includeArchived, setIncludeArchived] = useState(false);
  const [page, setPage] = useState(1);
  const debounced = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useQuery(productListQueryOptions({ search: debounced, includeArchived, page }));
  const { save, remove } = useProductMutations();
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const products = query.data?.['hydra:member'] ?? [];
  const total = query.data?.['hydra:totalItems'] ?? 0;
  const filtered = debounced.trim() !== '';

  const confirmDelete = async () => {
    if (!deleting) return;
    const product = deleting;
    try {
      const outcome = await remove.mutateAsync(product.ulid);
      setDeleting(null);
      if (outcome.kind === 'deleted') notify({ title: t('products:notifications.deleted', { name: product.name }) });
      else {
        notify({
          title: t('products:notifications.archived', { name: product.name }),
          content: t('products:notifications.archivedWhy'),
        });
      }
    } catch (error) {
      setDeleting(null);
      notifyError(error);
    }
  };

  const restore = async (product: Product) => {
    setBusy(product.ulid);
    try {
      await save.mutateAsync({ ulid: product.ulid, body: productRequest(productFormValues(product), false) });
      notify({ title: t('products:notifications.restored', { name: product.name }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="mx-auto w-full max-w-4xl">
      <Link
        to="/space-parameters"
        className="mb-4 inline-flex items-center gap-1.5 self-start text-sm font-medium text-gray-700 outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <ArrowLeft size={16} aria-hidden />
        {t('products:back')}
      </Link>
      <PageHeader
        title={t('products:title')}
        description={t('products:description')}
        actions={
          <Button icon={<Plus size={16} aria-hidden />} onPress={() => setEditing({ product: null })}>
            {t('products:actions.new')}
          </Button>
        }
      />
      <Card flush>
        <div className="flex flex-col gap-3 border-b border-gray-200 p-4 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            label={t('products:list.search')}
            placeholder={t('products:list.searchPlaceholder')}
            value={search}
            onChange={(value) => {
              setSearch(value);
              setPage(1);
            }}
            className="sm:w-80"
          />
          <Checkbox
            isSelected={includeArchived}
            onChange={(value) => {
              setIncludeArchived(value);
              setPage(1);
            }}
          >
            {t('products:list.showArchived')}
          </Checkbox>
        </div>
        {query.isPending ? (
          <div className="p-4">
            <p role="status" className="sr-only">
              {t('products:list.loading')}
            </p>
            <SkeletonLines lines={4} />
          </div>
        ) : query.isError ? (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
        ) : total === 0 ? (
          <EmptyState
            icon={<FlaskConical size={24} />}
            message={t(filtered ? 'products:list.noMatch' : 'products:list.empty')}
            action={
              filtered ? null : (
                <Button
                  variant="secondary"
                  icon={<Plus size={16} aria-hidden />}
                  onPress={() => setEditing({ product: null })}
                >
                  {t('products:actions.first')}
                </Button>
              )
            }
          />
        ) : (
          <div aria-busy={query.isFetching || undefined}>
            <ul className="divide-y divide-gray-100" aria-label={t('products:list.label')}>
              {products.map((product) => (
                <ProductRow
                  key={product.ulid}
                  product={product}
                  onEdit={() => setEditing({ product })}
                  onDelete={() => setDeleting(product)}
                  onRestore={() => void restore(product)}
                  isBusy={busy === product.ulid}
                />
              ))}
            </ul>
            {total > PAGE_SIZE ? (
              <div className="border-t border-gray-200 px-4">
                <Pagination page={page} total={total} onPageChange={setPage} />
              </div>
            ) : null}
          </div>
        )}
      </Card>

      {editing ? <ProductFormPanel product={editing.product} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('products:delete.title')}
        message={t('products:delete.message', { name: deleting?.name ?? '' })}
        confirmLabel={t('products:actions.delete')}
        onConfirm={() => void confirmDelete()}
        isLoading={remove.isPending}
      />
    </div>
  );
}

/** The product catalogue screen: its texts (`products`) load on demand, so the shell's catalogues stay as they were. */
export const ProductsPage = withOnDemandTexts(
  'products',
  ProductsScreen,
  <div className="mx-auto w-full max-w-4xl">
    <SkeletonLines lines={6} />
  </div>,
);
