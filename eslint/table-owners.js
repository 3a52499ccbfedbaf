import { readFileSync } from "node:fs";
import { relative } from "node:path";

/** The map of who writes which table (src/db/table-owners.json). */
const map = JSON.parse(readFileSync(new URL("../src/db/table-owners.json", import.meta.url), "utf8"));

/** The owner a file writes as: its API module (src/search's index writes as the search module), or the module a helper in src/db/ belongs to; null when unchecked (seeding, tests). */
export function writerOf(file) {
  if (/\.test\.tsx?$/.test(file)) return null;
  const module = /^src\/api\/modules\/([^/]+)\//.exec(file)?.[1] ?? (file.startsWith("src/search/") ? "search" : undefined);
  if (module) return module;
  return map.helpers[file] ?? null;
}

const WRITES = new Set(["insert", "update", "delete"]);
const SQL_WRITE = /(insert\s+into|update|delete\s+from)\s*$/i;

/**
 * A module inserts, updates and deletes only the rows of its own tables: drizzle's
 * db.insert(table) / update / delete, and `insert into`, `update`, `delete from` written in an sql`` template.
 */
export const tableOwnersRule = {
  meta: {
    type: "problem",
    docs: { description: "writes only to tables the module owns (src/db/table-owners.json)" },
    messages: {
      foreign: "{{module}} writes to {{table}}, which {{owner}} owns: change it through {{owner}}'s function that takes this transaction (src/db/table-owners.json)",
      unowned: "{{table}} has no owner in src/db/table-owners.json",
    },
    schema: [],
  },
  create(context) {
    const file = relative(context.cwd, context.filename).split("\\").join("/");
    const writer = writerOf(file);
    if (!writer) return {};
    /** Local names of imported tables → the table's exported name. */
    const tables = new Map();
    const check = (node, identifier) => {
      if (identifier?.type !== "Identifier" || !tables.has(identifier.name)) return;
      const table = tables.get(identifier.name);
      const owner = map.tables[table];
      if (!owner) context.report({ node, messageId: "unowned", data: { table } });
      else if (owner !== writer) context.report({ node, messageId: "foreign", data: { module: writer, table, owner } });
    };
    return {
      ImportDeclaration(node) {
        if (!/(^|\/)db\/schema\/[\w-]+\.ts$|^\.\/schema\/[\w-]+\.ts$/.test(String(node.source.value))) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === "ImportSpecifier") tables.set(specifier.local.name, specifier.imported.name);
        }
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type === "MemberExpression" && callee.property.type === "Identifier" && WRITES.has(callee.property.name)) check(node, node.arguments[0]);
      },
      TaggedTemplateExpression(node) {
        const { quasis, expressions } = node.quasi;
        expressions.forEach((expression, i) => {
          if (SQL_WRITE.test(quasis[i].value.cooked ?? "")) check(node, expression);
        });
      },
    };
  },
};
