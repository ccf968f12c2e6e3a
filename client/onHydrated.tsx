import { useEffect, useRef } from "react";

/**
 * Renders nothing and runs `run` once, after the server's markup has been hydrated: placed after
 * the router, its effect comes after every effect of the page. Third-party scripts that write
 * into the page (Klaviyo fills its form placeholder) start only then, so hydration never sees
 * their markup.
 */
export function OnHydrated({ run }: { run: () => void }) {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    run();
  }, [run]);
  return null;
}
