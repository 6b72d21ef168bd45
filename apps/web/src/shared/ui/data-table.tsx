/**
 * The one data table of the list screens (issue 14 "Building blocks"; ADR 021): clients, users, sites, a site's
 * equipment and its logs. Driven by a typed column definition, it renders
 * - on screens 640 px wide and more (`PHONE_QUERY`): a `<table>` with a screen-reader caption, its columns shown from a
 *   width of the list itself (container queries, `visibleFrom`), and sortable headers (a button in the `<th>`,
 *   `aria-sort` on the sorted one; the sort is controlled by the screen, which usually keeps it in its URL);
 * - on phones: a list of cards (`<ul>` of `<li><article>`), the `primary` column as the card's heading, the `actions`
 *   column beside it, the `secondary` columns on one wrapped line under it and the others as label/value pairs —
 *   never a clipped table — with a "Sort by" select when a column is sortable;
 * - the states of a list: loading (skeleton rows under the real headers, `skeletonRows` of them, so the layout does
 *   not move when the rows arrive), error (`ErrorState` with retry), empty (`EmptyState`, with a distinct text when a
 *   search or filter is active: `noMatch`), stale rows dimmed while the next page loads, and a footer with the
 *   'displayed of total' paging (`Pagination`) or the screen's own ('load more').
 *
 * Hand-written rather than TanStack Table: the lists are paged, sorted and filtered by the API (the table sorts
 * nothing itself), so a headless engine would add weight for no behaviour (ADR 021).
 */
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type MouseEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { PHONE_QUERY, useMediaQuery } from '../lib/use-media-query';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { ErrorState } from './error-state';
import { Pagination, type PaginationProps } from './pagination';
import { Skeleton } from './skeleton';

export type SortDirection = 'asc' | 'desc';

/** A sort order: the column's `sortKey` and the direction. */
export interface DataTableSort<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/** The width of the list from which a column shows in the table (container query on the list, not the viewport). */
export type ColumnBreakpoint = '@md' | '@xl' | '@2xl' | '@3xl' | '@4xl' | '@5xl';

const VISIBLE_FROM: Record<ColumnBreakpoint, string> = {
  '@md': 'hidden @md:table-cell',
  '@xl': 'hidden @xl:table-cell',
  '@2xl': 'hidden @2xl:table-cell',
  '@3xl': 'hidden @3xl:table-cell',
  '@4xl': 'hidden @4xl:table-cell',
  '@5xl': 'hidden @5xl:table-cell',
};

export interface DataTableColumn<Row, K extends string = string> {
  /** Unique among the columns. */
  id: string;
  /** The header's label (also the label of the value in a phone card, and of the sort option). */
  header: string;
  /** Keeps the header for screen readers only (e.g. the actions column). */
  headerHidden?: boolean;
  /** The cell's content in the table. */
  cell: (row: Row) => ReactNode;
  /** The content in a phone card, when it differs from `cell`. */
  card?: (row: Row) => ReactNode;
  /** Makes the column sortable by this key (the screen maps it to its API's order). */
  sortKey?: K;
  /** The first direction when the column becomes the sorted one (default ascending). */
  firstDirection?: SortDirection;
  /** `end` for numbers and dates ending a row. */
  align?: 'start' | 'end';
  /** Width classes of the header (with `layout="fixed"`), e.g. `w-40`. */
  width?: string;
  /** Extra classes of the cells (text size and colour default to the body's 13 px gray-800, inherited). */
  className?: string;
  /** The padding classes of the cells (default `px-4 py-3`). */
  padding?: string;
  /** Role in a phone card: its heading, the line under it, or the actions beside the heading. */
  role?: 'primary' | 'secondary' | 'actions';
  /** Shows the column in the table only from this width of the list. */
  visibleFrom?: ColumnBreakpoint;
  /** Leaves the column out of the phone card (its content is elsewhere in the card). */
  hideOnPhone?: boolean;
  /** Shows the column in the phone card only (e.g. badges the table shows inside another cell). */
  hideInTable?: boolean;
  /** The placeholder of the cell while loading (default: one text line). */
  skeleton?: ReactNode;
}

export interface DataTableProps<Row, K extends string = string> {
  /** The name of the list: the table's caption, the cards list's label (for screen readers). */
  caption: string;
  columns: readonly DataTableColumn<Row, K>[];
  /** The rows to show; `undefined` before the first answer. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** A click anywhere on the row (not on one of its links, buttons or menus); a control in the row must do the same. */
  onRowClick?: (row: Row) => void;
  /** Whether `onRowClick` applies to this row (default: every row). */
  isRowClickable?: (row: Row) => boolean;
  /** Highlights the row (e.g. the client whose details are open). */
  isRowSelected?: (row: Row) => boolean;
  /** Extra classes of a row or card (e.g. a tint for rows in alert). */
  rowClassName?: (row: Row) => string | undefined;
  sort?: DataTableSort<K>;
  onSortChange?: (sort: DataTableSort<K>) => void;
  /** Loading the first answer: skeleton rows. */
  isLoading?: boolean;
  /** The number of skeleton rows (default 5). */
  skeletonRows?: number;
  /** The error of the call: shown with a retry button while no rows are there. */
  error?: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
  /** Dims the rows while the next page, filter or sort loads. */
  isStale?: boolean;
  /** The empty list with no search or filter active ("no client yet"). */
  empty: EmptyStateProps;
  /** The empty list when a search or filter is active ("no client matches"); shown when `isFiltered`. */
  noMatch?: EmptyStateProps;
  isFiltered?: boolean;
  /** Replaces the empty state altogether (e.g. "the other sites come after the sites in alert"). */
  emptyContent?: ReactNode;
  /** Page-numbered paging under the rows ('displayed of total'). */
  pagination?: PaginationProps;
  /** Another footer under the rows (e.g. 'displayed of total' with 'load more'). */
  footer?: ReactNode;
  /** `fixed`: the headers' `width` hold and long texts are truncated; `auto` (default): the table scrolls if needed. */
  layout?: 'auto' | 'fixed';
  /** The heading level of a phone card's title (default 3). */
  cardHeadingLevel?: 2 | 3 | 4;
  /** Shows the "sort by" select above the cards (default true); false when the screen has its own sort control. */
  cardSort?: boolean;
}

const HEAD = 'px-4 py-2.5 text-xs font-semibold tracking-wide text-gray-600 uppercase';

/** Whether a click landed on a control of the row (or in a menu opened from it): the row itself then does nothing. */
function onControl(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  return (
    !event.currentTarget.contains(target) || target.closest('button, a, input, select, [role="menuitem"]') !== null
  );
}

function nextSort<K extends string>(column: DataTableColumn<unknown, K>, sort?: DataTableSort<K>): DataTableSort<K> {
  const key = column.sortKey as K;
  if (sort?.key === key) return { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: column.firstDirection ?? 'asc' };
}

function SortHeader<Row, K extends string>({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<Row, K>;
  sort?: DataTableSort<K>;
  onSortChange: (sort: DataTableSort<K>) => void;
}) {
  const active = sort?.key === column.sortKey;
  const Icon = !active ? ArrowUpDown : sort?.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSortChange(nextSort(column as DataTableColumn<unknown, K>, sort))}
      className={cn(
        'group inline-flex max-w-full items-center gap-1 rounded text-xs font-semibold tracking-wide uppercase outline-none hover:text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600',
        active ? 'text-gray-900' : 'text-gray-600',
        column.align === 'end' ? 'flex-row-reverse text-right' : 'text-left',
      )}
    >
      <span className="min-w-0 break-words">{column.header}</span>
      <Icon size={14} aria-hidden className={cn('shrink-0', !active && 'opacity-50 group-hover:opacity-100')} />
    </button>
  );
}

/** The "Sort by" select above the cards on a phone: one option per sortable column and direction. */
function CardSort<Row, K extends string>({
  columns,
  sort,
  onSortChange,
}: {
  columns: readonly DataTableColumn<Row, K>[];
  sort?: DataTableSort<K>;
  onSortChange: (sort: DataTableSort<K>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const sortable = columns.filter((column) => column.sortKey);
  if (sortable.length === 0) return null;
  return (
    <div className="flex items-center justify-end gap-2 border-b border-gray-200 bg-gray-50 px-4 py-2">
      <label htmlFor={id} className="shrink-0 text-xs font-medium text-gray-700">
        {t('common:table.sortBy')}
      </label>
      <select
        id={id}
        value={sort ? `${sort.key}:${sort.direction}` : ''}
        onChange={(event) => {
          const [key, direction] = event.target.value.split(':');
          onSortChange({ key: key as K, direction: direction as SortDirection });
        }}
        className="min-w-0 rounded-md border border-gray-300 bg-white py-1 pr-8 pl-2 text-sm text-gray-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {/* before any choice the list is in the API's order */}
        <option value="" disabled>
          {t('common:table.defaultOrder')}
        </option>
        {sortable.flatMap((column) =>
          (['asc', 'desc'] as const).map((direction) => (
            <option key={`${column.id}:${direction}`} value={`${column.sortKey}:${direction}`}>
              {`${column.header} · ${t(direction === 'asc' ? 'common:table.ascending' : 'common:table.descending')}`}
            </option>
          )),
        )}
      </select>
    </div>
  );
}

function Cards<Row, K extends string>({
  caption,
  columns,
  rows,
  rowKey,
  onRowClick,
  isRowClickable,
  isRowSelected,
  rowClassName,
  isStale,
  cardHeadingLevel = 3,
}: Pick<
  DataTableProps<Row, K>,
  | 'caption'
  | 'columns'
  | 'rowKey'
  | 'onRowClick'
  | 'isRowClickable'
  | 'isRowSelected'
  | 'rowClassName'
  | 'isStale'
  | 'cardHeadingLevel'
> & { rows: readonly Row[] }) {
  const id = useId();
  const Heading = `h${cardHeadingLevel}` as 'h3';
  const shown = columns.filter((column) => !column.hideOnPhone);
  const primary = shown.find((column) => column.role === 'primary') ?? shown[0];
  const actions = shown.find((column) => column.role === 'actions');
  const secondary = shown.filter((column) => column.role === 'secondary');
  const details = shown.filter((column) => column !== primary && column !== actions && !column.role);
  const content = (column: DataTableColumn<Row, K>, row: Row) => (column.card ?? column.cell)(row);
  return (
    <ul aria-label={caption} className={cn('divide-y divide-gray-100', isStale && 'opacity-60 transition-opacity')}>
      {rows.map((row, index) => {
        const key = rowKey(row);
        const headingId = `${id}-${index}`;
        const clickable = onRowClick !== undefined && (isRowClickable?.(row) ?? true);
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the card's heading holds the keyboard way (a link or button)
          <li
            key={key}
            data-row-key={key}
            onClick={clickable ? (event) => onControl(event) || onRowClick?.(row) : undefined}
            className={cn(
              'px-4 py-3',
              clickable && 'cursor-pointer',
              isRowSelected?.(row) && 'bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-700)]',
              rowClassName?.(row),
            )}
          >
            <article aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
              <div className="flex items-start justify-between gap-2">
                {primary ? (
                  <Heading id={headingId} className="min-w-0 flex-1 text-sm font-semibold text-gray-900">
                    {content(primary, row)}
                  </Heading>
                ) : null}
                {actions ? <div className="shrink-0">{content(actions, row)}</div> : null}
              </div>
              {secondary.length > 0 ? (
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-gray-800">
                  {secondary.map((column) => (
                    <span key={column.id} className="min-w-0">
                      {content(column, row)}
                    </span>
                  ))}
                </div>
              ) : null}
              {details.length > 0 ? (
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-[13px]">
                  {details.map((column) => (
                    <div key={column.id} className="contents">
                      <dt className="text-gray-600">{column.header}</dt>
                      <dd className="min-w-0 text-gray-900">{content(column, row)}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function SkeletonCards({ rows }: { rows: number }) {
  return (
    <ul aria-hidden className="divide-y divide-gray-100">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cards
        <li key={i} data-skeleton-row className="flex flex-col gap-2 px-4 py-3">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-2/5" />
        </li>
      ))}
    </ul>
  );
}

/** A list as a table (wide screens) or cards (phones), with its loading, error and empty states and its paging. */
export function DataTable<Row, K extends string = string>(props: DataTableProps<Row, K>) {
  const {
    caption,
    columns,
    rows,
    rowKey,
    onRowClick,
    isRowClickable,
    isRowSelected,
    rowClassName,
    sort,
    onSortChange,
    isLoading = false,
    skeletonRows = 5,
    error,
    onRetry,
    isRetrying,
    isStale = false,
    empty,
    noMatch,
    isFiltered = false,
    emptyContent,
    pagination,
    footer,
    layout = 'auto',
    cardSort = true,
  } = props;
  const phone = useMediaQuery(PHONE_QUERY);
  const hasRows = rows !== undefined && rows.length > 0;

  if (error && !hasRows) return <ErrorState error={error} onRetry={onRetry} isRetrying={isRetrying} />;
  if (!isLoading && rows !== undefined && rows.length === 0) {
    if (emptyContent) return <>{emptyContent}</>;
    return <EmptyState {...(isFiltered && noMatch ? noMatch : empty)} />;
  }
  const loading = !hasRows;
  const footerContent = loading ? null : pagination ? (
    <div className="border-t border-gray-200 px-4">
      <Pagination {...pagination} />
    </div>
  ) : (
    footer
  );

  if (phone) {
    return (
      <>
        {onSortChange && cardSort ? <CardSort columns={columns} sort={sort} onSortChange={onSortChange} /> : null}
        {loading ? <SkeletonCards rows={skeletonRows} /> : <Cards {...props} rows={rows ?? []} />}
        {footerContent}
      </>
    );
  }

  const tableColumns = columns.filter((column) => !column.hideInTable);
  const visibility = (column: DataTableColumn<Row, K>) =>
    column.visibleFrom ? VISIBLE_FROM[column.visibleFrom] : undefined;
  const alignment = (column: DataTableColumn<Row, K>) => (column.align === 'end' ? 'text-right' : 'text-left');

  return (
    <>
      <div className="@container overflow-x-auto">
        <table
          className={cn(
            'w-full border-collapse',
            layout === 'fixed' && 'table-fixed',
            isStale && !loading && 'opacity-60 transition-opacity',
          )}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-gray-200 bg-gray-50">
            <tr>
              {tableColumns.map((column) => {
                const sorted = column.sortKey !== undefined && sort?.key === column.sortKey;
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={sorted ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                    className={cn(HEAD, alignment(column), column.width, visibility(column))}
                  >
                    {column.headerHidden ? (
                      <span className="sr-only">{column.header}</span>
                    ) : column.sortKey !== undefined && onSortChange ? (
                      <SortHeader column={column} sort={sort} onSortChange={onSortChange} />
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100 text-[13px] text-gray-800">
            {loading
              ? Array.from({ length: skeletonRows }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
                  <tr key={i} aria-hidden data-skeleton-row>
                    {tableColumns.map((column) => (
                      <td key={column.id} className={cn(column.padding ?? 'px-4 py-3', visibility(column))}>
                        {column.headerHidden
                          ? null
                          : (column.skeleton ?? (
                              <Skeleton className={cn('h-4', column.align === 'end' ? 'ml-auto w-12' : 'w-3/4')} />
                            ))}
                      </td>
                    ))}
                  </tr>
                ))
              : (rows ?? []).map((row) => {
                  const key = rowKey(row);
                  const selected = isRowSelected?.(row) ?? false;
                  const clickable = onRowClick !== undefined && (isRowClickable?.(row) ?? true);
                  return (
                    <tr
                      key={key}
                      data-row-key={key}
                      onClick={clickable ? (event) => onControl(event) || onRowClick?.(row) : undefined}
                      className={cn(
                        'align-top',
                        clickable && 'cursor-pointer',
                        selected
                          ? 'bg-brand-50 shadow-[inset_3px_0_0_var(--color-brand-700)]'
                          : (rowClassName?.(row) ?? 'hover:bg-gray-50'),
                      )}
                    >
                      {tableColumns.map((column) => (
                        <td
                          key={column.id}
                          className={cn(
                            column.padding ?? 'px-4 py-3',
                            alignment(column),
                            visibility(column),
                            column.className,
                          )}
                        >
                          {column.cell(row)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
          </tbody>
        </table>
      </div>
      {footerContent}
    </>
  );
}
