import { useEffect, useState, type RefObject } from "react";

/** Where a sideways-scrolling box has content out of view (left-to-right layout). */
export interface ScrollEdges {
  /** The content is wider than the box, so the box scrolls sideways. */
  overflow: boolean;
  /** Some content is hidden to the left of what is shown. */
  before: boolean;
  /** Some content is hidden to the right of what is shown. */
  after: boolean;
}

const NONE: ScrollEdges = { overflow: false, before: false, after: false };

const same = (a: ScrollEdges, b: ScrollEdges) =>
  a.overflow === b.overflow && a.before === b.before && a.after === b.after;

/**
 * Tracks whether the element in `ref` scrolls sideways and which of its edges hide content, for
 * edge cues (fades) and sticky key columns. Re-measured on scroll and whenever the box or one of
 * its children changes size; `childrenKey` names the children (re-observed when it changes).
 * Without ResizeObserver (tests in jsdom) it reports no overflow.
 */
export function useScrollEdges(
  ref: RefObject<HTMLElement | null>,
  childrenKey?: string | number,
): ScrollEdges {
  const [edges, setEdges] = useState<ScrollEdges>(NONE);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      const max = el.scrollWidth - el.clientWidth;
      const overflow = max > 1;
      const offset = el.scrollLeft;
      const next = {
        overflow,
        before: overflow && offset > 1,
        after: overflow && offset < max - 1,
      };
      setEdges((prev) => (same(prev, next) ? prev : next));
    };
    // The observer also calls back once right after `observe`: the first measurement.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    el.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, [ref, childrenKey]);

  return edges;
}
