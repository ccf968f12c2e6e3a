import { Outlet } from "react-router";
import { useRouteHandle } from "../siteData";
import { Footer } from "../parts/Footer";
import { Breadcrumbs } from "../parts/Breadcrumbs";
import { HeadSync } from "../parts/HeadSync";
import { Header } from "../parts/Header";
import { RouteAnnouncer } from "../parts/RouteAnnouncer";

/**
 * The region's layout route. Pages choose a layout in the route table (docs/behaviour.md section 1.2): `default`
 * for the marketing pages; `basic` for content pages, which add a breadcrumb trail and set a
 * title without a hero in the reading column. Slices keep their own widths in both.
 */
export function SiteLayout() {
  const layout = useRouteHandle().layout ?? "default";
  return (
    <div className={`layout layout--${layout}`}>
      <HeadSync />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {layout === "basic" ? <Breadcrumbs /> : null}
        <Outlet />
      </main>
      <Footer />
      <RouteAnnouncer />
    </div>
  );
}
