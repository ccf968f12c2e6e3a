/**
 * The imgix parameters embedded media honours (packages/prismic-stand-in/src/media/imageParams.ts), without HTTP: what
 * a query asks for, the 400 message naming a bad parameter, and what is produced (size after
 * dpr, format negotiated from Accept, quality, or the original untouched). test/media.test.ts
 * checks the same over HTTP with real images.
 */
import { parseImageParams, planTransform, type ImageParams } from "../src/media/imageParams";

const parse = (query: string) => parseImageParams(new URLSearchParams(query));
const params = (query: string): ImageParams => {
  const result = parse(query);
  if (!result.ok) throw new Error(`expected ${query} to parse: ${result.message}`);
  return result.params;
};
const message = (query: string) => {
  const result = parse(query);
  return result.ok ? "accepted" : result.message;
};

describe("reading the query", () => {
  test("no parameters: the original size, dpr 1, no format or quality asked, fit clip", () => {
    expect(params("")).toEqual({
      width: undefined,
      height: undefined,
      dpr: 1,
      quality: undefined,
      format: undefined,
      auto: { format: false, compress: false },
      fit: "clip",
      rect: undefined,
    });
  });

  test("width and height under either name; the same value under both names is fine", () => {
    expect(params("width=300&height=200")).toMatchObject({ width: 300, height: 200 });
    expect(params("w=300&h=200")).toMatchObject({ width: 300, height: 200 });
    expect(params("w=300&width=300&h=20&height=20")).toMatchObject({ width: 300, height: 20 });
  });

  test("fm=jpg is JPEG; auto lists format and compress; facearea crops; q is the quality; rect is a region", () => {
    expect(params("fm=jpg").format).toBe("jpeg");
    expect(params("fm=png").format).toBe("png");
    expect(params("auto=format,compress").auto).toEqual({ format: true, compress: true });
    expect(params("auto=compress").auto).toEqual({ format: false, compress: true });
    expect(params("auto=enhance").auto).toEqual({ format: false, compress: false });
    expect(params("fit=facearea").fit).toBe("crop");
    expect(params("fit=max").fit).toBe("max");
    expect(params("q=75").quality).toBe(75);
    expect(params("rect=10,20,300,200").rect).toEqual([10, 20, 300, 200]);
  });

  test.each([
    ["w=100&w=200", 'Image parameter "w" is given more than once'],
    ["foo=1", 'Unknown image parameter "foo"'],
    ["width=abc", 'Invalid image parameter "width": expected an integer from 1 to 4000'],
    ["height=0", 'Invalid image parameter "height": expected an integer from 1 to 4000'],
    ["h=4001", 'Invalid image parameter "h": expected an integer from 1 to 4000'],
    ["q=101", 'Invalid image parameter "q": expected an integer from 1 to 100'],
    ["rect=0,0,10,0", 'Invalid image parameter "rect": expected x,y,width,height in pixels'],
    ["rect=0,0,0,10", 'Invalid image parameter "rect": expected x,y,width,height in pixels'],
    ["w=100&width=200", 'Image parameters "w" and "width" disagree'],
    ["h=100&height=200", 'Image parameters "h" and "height" disagree'],
    ["w=4000&dpr=2.001", 'Invalid image parameter "dpr": the image would exceed 8000 px'],
    ["h=3000&dpr=3", 'Invalid image parameter "dpr": the image would exceed 8000 px'],
  ])("%s is refused: %s", (query, expected) => {
    expect(message(query)).toBe(expected);
  });

  test("the output may reach 8000 px after dpr, not more", () => {
    expect(message("w=4000&dpr=2")).toBe("accepted");
    expect(message("h=4000&dpr=2")).toBe("accepted");
  });
});

describe("what is produced", () => {
  const AVIF_WEBP = "image/avif,image/webp,image/apng,*/*;q=0.8";

  test("auto=format picks AVIF, then WebP, from Accept (any case, with q), and says the answer varies on it", () => {
    const p = params("auto=format");
    expect(planTransform(p, "jpeg", AVIF_WEBP)).toMatchObject({ plan: { format: "avif" }, varies: true });
    expect(planTransform(p, "jpeg", "IMAGE/WEBP ; q=0.5, */*")).toMatchObject({
      plan: { format: "webp" },
      varies: true,
    });
    expect(planTransform(p, "jpeg", "image/avif;q=0, image/webp")).toMatchObject({
      plan: { format: "webp" },
      varies: true,
    });
    expect(planTransform(p, "jpeg", "image/avif; q=0, image/webp")).toMatchObject({
      plan: { format: "webp" },
      varies: true,
    });
    // A parameter other than q does not refuse the type.
    expect(planTransform(p, "jpeg", "image/avif;profile=x, image/webp")).toMatchObject({
      plan: { format: "avif" },
      varies: true,
    });
    expect(planTransform(p, "jpeg", "image/avif;q=0,image/webp;q=0")).toMatchObject({
      plan: { format: "jpeg" },
      varies: true,
    });
    expect(planTransform(p, "jpeg", "image/avifx,image/webpx")).toMatchObject({
      plan: { format: "jpeg" },
      varies: true,
    });
    expect(planTransform(p, "jpeg", undefined)).toMatchObject({ plan: { format: "jpeg" }, varies: true });
  });

  test("fm wins over auto=format, and an animated GIF keeps its format: neither varies on Accept", () => {
    expect(planTransform(params("auto=format&fm=png"), "jpeg", AVIF_WEBP)).toMatchObject({
      plan: { format: "png" },
      varies: false,
    });
    expect(planTransform(params("auto=format"), "gif", AVIF_WEBP)).toMatchObject({
      plan: { format: "gif" },
      varies: false,
    });
    expect(planTransform(params(""), "jpeg", AVIF_WEBP)).toMatchObject({ plan: { format: "jpeg" }, varies: false });
  });

  test("the box is the asked size times dpr, rounded; fit and rect pass through", () => {
    expect(planTransform(params("w=300&h=201&dpr=1.5&fit=crop&rect=1,2,30,40"), "jpeg", undefined).plan).toMatchObject({
      width: 450,
      height: 302,
      fit: "crop",
      rect: [1, 2, 30, 40],
    });
    expect(planTransform(params("w=300"), "jpeg", undefined).plan).toMatchObject({ width: 300, height: undefined });
  });

  test.each([
    ["jpeg", "", 80],
    ["jpeg", "auto=compress", 60],
    ["webp", "", 80],
    ["webp", "auto=compress", 60],
    ["avif", "", 60],
    ["avif", "auto=compress", 45],
    ["jpeg", "auto=compress&q=90", 90],
    ["png", "auto=compress", undefined],
  ] as const)("%s with %j is encoded at quality %s (PNG stays lossless)", (format, query, quality) => {
    expect(planTransform(params(query), format, undefined).plan.quality).toBe(quality);
  });

  test("the original is served untouched only when nothing at all is asked of it", () => {
    expect(planTransform(params(""), "jpeg", undefined).identity).toBe(true);
    expect(planTransform(params("fm=jpg"), "jpeg", undefined).identity).toBe(true);
    for (const query of ["w=10", "h=10", "rect=0,0,10,10", "fm=webp", "q=50", "auto=compress"]) {
      expect({ query, identity: planTransform(params(query), "jpeg", undefined).identity }).toEqual({
        query,
        identity: false,
      });
    }
    expect(planTransform(params("auto=format"), "jpeg", AVIF_WEBP).identity).toBe(false);
  });
});
