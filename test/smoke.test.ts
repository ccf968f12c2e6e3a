import { createStaticHandler } from "react-router";
import * as prismic from "@prismicio/client";
test("toolchain loads react-router and the prismic client", () => {
  expect(typeof createStaticHandler).toBe("function");
  expect(typeof prismic.createClient).toBe("function");
});
