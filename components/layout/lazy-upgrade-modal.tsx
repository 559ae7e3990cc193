"use client";

import { lazy } from "react";

/**
 * The upgrade prompt, fetched when it is first needed (a starred entry clicked, an action refused):
 * it brings the plans' data along (the plan it offers), which no screen's first load should carry
 * (tests/e2e/performance/first-load.spec.ts).
 */
export const LazyUpgradeModal = lazy(() => import("./upgrade-modal").then((module) => ({ default: module.UpgradeModal })));
