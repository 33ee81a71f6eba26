import { lazy, type ComponentType, type LazyExoticComponent } from "react";

type AsComponent<T> = T extends ComponentType<infer P> ? ComponentType<P> : never;

/**
 * A named export as a lazily loaded component (React's `lazy` takes only default exports): the
 * module becomes a chunk of its own, loaded when the component first renders.
 */
export function lazyNamed<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<AsComponent<M[K]>> {
  return lazy(async () => ({ default: (await load())[name] as AsComponent<M[K]> }));
}
