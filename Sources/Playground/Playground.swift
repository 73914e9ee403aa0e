// Playground
