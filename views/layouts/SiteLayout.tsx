import { Outlet } from "react-router";
import { useRouteHandle } from "../siteData";
import { Footer } from "../parts/Footer";
import { HeadSync } from "../parts/HeadSync";
import { Header } from "../parts/Header";

/**
 * The region's layout route. Pages choose a layout in the route table (spec §2.1):
 * `default` lets slices run full width, `basic` sets content in a reading column.
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
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
