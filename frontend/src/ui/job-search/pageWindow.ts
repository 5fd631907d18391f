/**
 * The page numbers a pager shows: at most `size` consecutive numbers around the 1-based
 * `current` page, sliding with it and clamped to 1..`total`.
 * e.g. pageWindow(1, 67) → [1, 2, 3]; pageWindow(5, 67) → [4, 5, 6]; pageWindow(67, 67) → [65, 66, 67];
 * pageWindow(1, 0) → [].
 */
export function pageWindow(current: number, total: number, size = 3): number[] {
  if (total < 1) return [];
  const count = Math.min(size, total);
  const page = Math.min(Math.max(current, 1), total);
  const start = Math.min(Math.max(page - Math.floor((count - 1) / 2), 1), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** How many pages `count` results fill at `pageSize` per page. */
export const pageCount = (count: number, pageSize: number): number => Math.ceil(count / pageSize);
