import { createPubSub } from "graphql-yoga";

/**
 * In-process events for GraphQL subscriptions (served over SSE at /graphql). One app instance
 * for now; a Redis-backed event target can replace this without touching the publishers.
 */
export type EventMap = {
  /** A user's own profile changed: payload is the user id. */
  "user:updated": [userId: string, payload: { id: string }];
};

export const pubsub = createPubSub<EventMap>();
