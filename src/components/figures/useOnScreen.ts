import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether an element is on screen (or within `margin` of it), kept up to date with an IntersectionObserver; true
 * where there is none (tests, old browsers), so that nothing waits forever.
 */
export function useOnScreen(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setVisible(entries[entries.length - 1].isIntersecting), {
      rootMargin: margin,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin]);
  return visible;
}
