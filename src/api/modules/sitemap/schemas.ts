import { z } from "zod";
import { pageParam } from "../../schemas.ts";

export const productSitemapParams = z.object({ page: pageParam() });
