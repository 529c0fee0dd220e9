// The fake provider servers are public (compactkit/test); the tests import them from here.
export * from '../../src/testing/fake-servers.js';
