/** The Isoptera mark and name shown on the public screens. */
export function BrandMark() {
  return (
    <div className="flex items-center gap-2.5">
      <svg viewBox="0 0 32 32" className="size-9" aria-hidden>
        <rect width="32" height="32" rx="7" fill="#175636" />
        <path
          d="M16 6c-3 0-5 2.2-5 5 0 1.6.7 3 1.8 3.9C11.1 16 10 18 10 20.5 10 24 12.7 26 16 26s6-2 6-5.5c0-2.5-1.1-4.5-2.8-5.6A5 5 0 0 0 21 11c0-2.8-2-5-5-5Z"
          fill="#dcfce7"
        />
      </svg>
      <span className="text-xl font-semibold tracking-tight text-gray-900">Isoptera</span>
    </div>
  );
}
