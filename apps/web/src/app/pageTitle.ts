import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Params, useMatches, useSearchParams } from 'react-router';
import type en from '../i18n/en.json';

export type TitleKey = keyof typeof en.titles;

export interface TitleContext {
  t: TFunction;
  params: Params;
  search: URLSearchParams;
}

/** A route's title: a key of the `titles` catalogue, or computed from the address. */
export type TitleSpec = TitleKey | ((context: TitleContext) => string);

export interface RouteHandle {
  title?: TitleSpec;
}

/** The title of the deepest matched route that has one (spec 1 §2.1 names several). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  for (const match of [...matches].reverse()) {
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (title === undefined) continue;
    return typeof title === 'function' ? title({ t, params: match.params, search }) : t(`titles.${title}`);
  }
  return undefined;
}

/** Keeps the browser tab title at "Corridor – {title}". */
export function useDocumentTitle(): void {
  const title = useRouteTitle();
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? t('app.documentTitle', { title }) : t('app.name');
  }, [title, t]);
}
