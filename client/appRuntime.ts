/**
 * The libraries the app runs on: React, react-dom and the router. Evaluated on their own, while
 * the page is idle (client/entry.tsx), or as the first stage of the wake when the visitor acts
 * before that: on a phone their evaluation alone is a long task, which the wake must not have
 * (decision record 017). They touch nothing on the page; the CommonJS bodies (React, react-dom)
 * run when first required, which is here.
 */
import "react";
import "react-dom/client";
import "react-router";
import "react-router/dom";
