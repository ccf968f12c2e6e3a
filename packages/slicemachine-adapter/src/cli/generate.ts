/**
 * `npm run prismic:types`: writes what the models generate (the types file and the slice
 * library's registry) from customtypes/ and views/slices/, as Slice Machine does on each model
 * change. `--check` writes nothing and exits 1 naming the files that are not current.
 */
import fs from "node:fs";
import path from "node:path";
import { generatedFiles, staleGeneratedFiles } from "../lib/generatedFiles.ts";

const root = process.cwd();
const check = process.argv.includes("--check");

if (check) {
  const stale = staleGeneratedFiles(root);
  if (stale.length) {
    console.error(`Not what the models generate: ${stale.join(", ")}. Run \`npm run prismic:types\`.`);
    process.exit(1);
  }
  console.log("The generated files are current.");
} else {
  for (const file of generatedFiles(root)) {
    const target = path.join(root, file.path);
    const before = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : null;
    if (before === file.contents) {
      console.log(`unchanged ${file.path}`);
      continue;
    }
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, file.contents);
    console.log(`wrote     ${file.path}`);
  }
}
