import { z } from "zod";
import { LIMITS } from "./limits";

/** A record id as every input takes it: 1 to LIMITS.id characters (not trimmed). */
export const idString = () => z.string().min(1).max(LIMITS.id);
