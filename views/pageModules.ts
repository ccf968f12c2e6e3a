/** Each page is its own lazily loaded chunk; esbuild splits on these dynamic imports. */
import type { ComponentType } from "react";
import type { PageKind } from "../shared/routeTable";

type PageModule = { default: ComponentType };

export const pageModules: Record<PageKind, () => Promise<PageModule>> = {
  home: () => import("./pages/HomePage"),
  section: () => import("./pages/ContentPage"),
  sectionPage: () => import("./pages/ContentPage"),
  galleryList: () => import("./pages/GalleryListPage"),
  galleryItem: () => import("./pages/GalleryItemPage"),
  blogList: () => import("./pages/BlogListPage"),
  blogArticle: () => import("./pages/BlogArticlePage"),
  samples: () => import("./pages/SamplesPage"),
  privacyChoices: () => import("./pages/PrivacyChoicesPage"),
  request: () => import("./pages/RequestPage"),
  requestSent: () => import("./pages/RequestSentPage"),
};

/** Source file of each page module, as esbuild's metafile names it: how the server finds a route's chunks. */
export const pageModuleFiles: Record<PageKind, string> = {
  home: "views/pages/HomePage.tsx",
  section: "views/pages/ContentPage.tsx",
  sectionPage: "views/pages/ContentPage.tsx",
  galleryList: "views/pages/GalleryListPage.tsx",
  galleryItem: "views/pages/GalleryItemPage.tsx",
  blogList: "views/pages/BlogListPage.tsx",
  blogArticle: "views/pages/BlogArticlePage.tsx",
  samples: "views/pages/SamplesPage.tsx",
  privacyChoices: "views/pages/PrivacyChoicesPage.tsx",
  request: "views/pages/RequestPage.tsx",
  requestSent: "views/pages/RequestSentPage.tsx",
};
