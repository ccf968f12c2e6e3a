/** Stylesheets are imported for their side effect; esbuild bundles them into the client's CSS. */
declare module "*.css";
