import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nginxBinary, nginxConfig, upstreamAndServer } from "./cluster.ts";

describe("nginx configuration", () => {
  it("is the same in deploy/nginx.conf as in the local cluster", () => {
    expect(readFileSync("deploy/nginx.conf", "utf8")).toContain(upstreamAndServer("80", ["app1:3000", "app2:3000"], "  "));
  });

  it.skipIf(!nginxBinary())("is one nginx accepts", () => {
    const dir = mkdtempSync(join(tmpdir(), "reloop-nginx-"));
    for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(join(dir, "tmp", sub), { recursive: true });
    writeFileSync(join(dir, "nginx.conf"), nginxConfig({ listen: "127.0.0.1:1", upstreams: ["127.0.0.1:2", "127.0.0.1:3"], dir }));
    const check = spawnSync(nginxBinary()!, ["-t", "-p", dir, "-c", join(dir, "nginx.conf")], { encoding: "utf8" });
    rmSync(dir, { recursive: true, force: true });
    expect(check.stderr).toContain("syntax is ok");
    expect(check.status).toBe(0);
  });
});
