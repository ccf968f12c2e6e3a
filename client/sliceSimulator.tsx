/**
 * Browser module of /slice-simulator (docs/behaviour.md section 1.3): Slice Machine (or Prismic's Page Builder)
 * frames this page and sends it slices; we render them with the site's own slice library.
 *
 * Built on `@prismicio/simulator/kit` as Prismic's own Next.js adapter (`SliceSimulator` of
 * @prismicio/next) is: a `SimulatorManager` answers the editor over postMessage (handshake,
 * then `setSliceZone` / `scrollToSlice` on a MessageChannel) and keeps the received slices in
 * its `state`; we subscribe to that state and render. The kit finds slices in the DOM through
 * `.slice-simulator` › `.slice-simulator--root` › `[data-slice-zone]`, whose children must be
 * the slices, one element each, in order: so every slice has its own wrapper, whatever its
 * view renders (nothing, for an unknown type).
 *
 * The slices render inside a minimal memory router whose layout route (`layout___gb`) holds an
 * empty SiteChrome, so the site hooks (useLinkResolver, useSiteChrome…) work as on a page.
 *
 * In a production build the kit only accepts the editor's messages from Prismic's https origins
 * (https://*.prismic.io); a development build (`node build.mjs --dev`) accepts any parent, which
 * is what a local Slice Machine (http://localhost:9999) needs.
 */
import {
  Component,
  StrictMode,
  useEffect,
  useState,
  type ErrorInfo,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
} from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { createMemoryRouter, Outlet } from "react-router";
import { RouterProvider } from "react-router/dom";
import type { Slice, SliceZone } from "@prismicio/client";
import { SimulatorManager, simulatorClass, simulatorRootClass, StateEventType } from "@prismicio/simulator/kit";
import type { SiteChrome } from "../shared/pageData";
import { routeId } from "../shared/routeTable";
import { sliceComponents } from "../views/parts/SliceZone";
import { NO_FEATURES, SiteFeaturesContext, type SiteFeatures } from "../views/siteFeatures";

const LAYOUT_ID = routeId("layout", "gb");
const EMPTY_CHROME: SiteChrome = {
  locale: "gb",
  sections: {},
  primaryNav: [],
  footerNav: [],
  footerFormId: null,
  taxonomy: {},
};
const LISTENER_KEY = "site-slice-simulator";
/**
 * The widget slices (reviews, privacy policy) render their slot as on a site with the widget set
 * up, so an editor sees where the widget goes (the stylesheet marks an empty slot in the
 * simulator); the vendors' scripts are never loaded here.
 */
const SIMULATED_FEATURES: SiteFeatures = { ...NO_FEATURES, reviews: true, privacyPolicy: true };

const manager = new SimulatorManager();

/** The kit's messages are HTML meant for innerHTML with inline styles, which our CSP refuses: show their text. */
function messageText(html: string): string {
  return new DOMParser().parseFromString(html, "text/html").body.textContent?.trim() ?? "";
}

/** One slice whose view throws (odd mock data from the editor) must not blank the others. */
class SliceBoundary extends Component<{ slice: Slice; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(previous: { slice: Slice }) {
    if (this.state.error && previous.slice !== this.props.slice) this.setState({ error: null });
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Slice “${this.props.slice.slice_type}” failed to render`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="slice slice--missing" data-slice-type={this.props.slice.slice_type}>
        Slice “{this.props.slice.slice_type}” could not be rendered: {this.state.error.message}
      </section>
    );
  }
}

function SimulatedSlice({ slice, index }: { slice: Slice; index: number }) {
  const View = sliceComponents[slice.slice_type];
  if (!View) {
    // Shown even in production: this page is an editing tool, and the editor needs to know.
    return (
      <section className="slice slice--missing" data-slice-type={slice.slice_type}>
        Missing view for slice type “{slice.slice_type}”
      </section>
    );
  }
  return (
    <SliceBoundary slice={slice}>
      <View slice={slice} index={index} />
    </SliceBoundary>
  );
}

/** Links and forms do nothing inside the simulator: there is no site to go to. */
function stopLinks(event: MouseEvent) {
  if ((event.target as Element | null)?.closest?.("a[href]")) event.preventDefault();
}
function stopSubmit(event: SyntheticEvent) {
  event.preventDefault();
}

function SliceSimulator() {
  const [slices, setSlices] = useState<SliceZone>(() => manager.state.slices);
  const [message, setMessage] = useState<string>(() => manager.state.message);

  useEffect(() => {
    // Synchronously: the kit's own listener, which runs next, reads the slices from the DOM
    // (which slice the mouse is over) and fails when the DOM still holds the previous zone.
    manager.state.on(StateEventType.Slices, (next) => flushSync(() => setSlices(next)), LISTENER_KEY);
    manager.state.on(StateEventType.Message, (next) => setMessage(next), LISTENER_KEY);
    // After the first render: the kit looks for `.slice-simulator` when it connects. Idempotent.
    void manager.init();
    return () => {
      manager.state.off(StateEventType.Slices, LISTENER_KEY);
      manager.state.off(StateEventType.Message, LISTENER_KEY);
    };
  }, []);

  let content: ReactNode;
  if (message) {
    content = (
      <pre className="slice-simulator__message" style={{ whiteSpace: "pre-wrap", padding: "1rem", fontSize: "0.8rem" }}>
        {messageText(message)}
      </pre>
    );
  } else if (slices.length === 0) {
    content = (
      <p
        className="slice-simulator__message"
        role="status"
        style={{ padding: "2rem", textAlign: "center", color: "#6b6b6b" }}
      >
        Waiting for slices…
      </p>
    );
  } else {
    content = (
      <div className={simulatorRootClass} onClickCapture={stopLinks} onSubmitCapture={stopSubmit}>
        <div className="page" data-slice-zone="">
          {slices.map((slice, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: Slice Machine's mock slices carry no stable id: position, type and variation name each rendering
              key={`${index}:${slice.slice_type}:${"variation" in slice ? slice.variation : ""}`}
              data-slice-index={index}
              data-slice-type={slice.slice_type}
            >
              <SimulatedSlice slice={slice as Slice} index={index} />
            </div>
          ))}
        </div>
      </div>
    );
  }
  return (
    <SiteFeaturesContext value={SIMULATED_FEATURES}>
      <div className={simulatorClass}>{content}</div>
    </SiteFeaturesContext>
  );
}

function SimulatorError() {
  return <p className="slice-simulator__message">The slice simulator failed: reload the preview.</p>;
}

const router = createMemoryRouter(
  [
    {
      id: LAYOUT_ID,
      path: "/",
      loader: () => EMPTY_CHROME,
      Component: Outlet,
      ErrorBoundary: SimulatorError,
      children: [{ index: true, Component: SliceSimulator }],
    },
  ],
  { initialEntries: ["/"], hydrationData: { loaderData: { [LAYOUT_ID]: EMPTY_CHROME } } },
);

// No site header here: scrolling to a slice (the editor's "scrollToSlice") puts it at the very top.
document.documentElement.style.scrollPaddingTop = "0";

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
