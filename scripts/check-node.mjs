// Plain JavaScript that any Node runs: the first thing `npm start`, `npm test` and `npm run dev` do.
const [major] = process.versions.node.split(".").map(Number);
const required = Number((await import("node:fs")).readFileSync(new URL("../.nvmrc", import.meta.url), "utf8").trim());
if (major < required) {
  console.error(
    `Reloop needs Node.js ${required} or newer, this is ${process.version}: run "nvm install" here (it reads .nvmrc), or "npm install --prefix ~/.node${required} node@${required}" and put ~/.node${required}/node_modules/.bin first on your PATH.`,
  );
  process.exit(1);
}
