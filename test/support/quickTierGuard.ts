/**
 * The quick tier's promise (docs/development.md, "Tests"): no child process and no browser. Each
 * way of starting one throws in a test file of that tier, naming where such a file belongs.
 */
const refuse = (what: string) => () => {
  throw new Error(
    `The quick tier starts no ${what}: list this test file in test/tiers.cjs (full tier only), or test it in-process.`,
  );
};

for (const id of ["child_process", "node:child_process"]) {
  jest.mock(id, () => {
    const real = jest.requireActual<typeof import("node:child_process")>("node:child_process");
    return {
      ...real,
      spawn: refuse("child process (spawn)"),
      spawnSync: refuse("child process (spawnSync)"),
      exec: refuse("child process (exec)"),
      execSync: refuse("child process (execSync)"),
      execFile: refuse("child process (execFile)"),
      execFileSync: refuse("child process (execFileSync)"),
      fork: refuse("child process (fork)"),
    };
  });
}

jest.mock("puppeteer", () => ({
  ...jest.requireActual<object>("puppeteer"),
  launch: refuse("browser (puppeteer.launch)"),
  connect: refuse("browser (puppeteer.connect)"),
}));
