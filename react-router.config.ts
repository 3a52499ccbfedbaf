import type { Config } from "@react-router/dev/config";

// React Router 8: middleware's typed context, split route modules, Vite's environment API, raw
// requests for loaders (with `url` beside them) and trailing-slash-aware data URLs are its only
// behaviour (docs/decisions/0020-react-router-8.md).
export default {
  appDirectory: "src/web",
  buildDirectory: "build",
  ssr: true,
} satisfies Config;
