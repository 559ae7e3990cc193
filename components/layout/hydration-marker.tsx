"use client";

import { useEffect } from "react";

/**
 * Marks the page as interactive (`<html data-hydrated>`) once React has hydrated it: browser
 * tests wait for it before typing, since text typed into a form before hydration is reset.
 */
export function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
