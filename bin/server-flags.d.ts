/** The Node options a serving process runs with. */
export const SERVER_NODE_FLAGS: readonly string[];
