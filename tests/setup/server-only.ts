// Vitest runs server modules outside React's server graph: "server-only" has nothing to guard there.
export {};
