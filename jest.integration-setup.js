// Integration tests talk to real servers (and restart some): give them room.
// (testTimeout is a global Jest option and is ignored inside `projects`.)
import { jest } from '@jest/globals';

jest.setTimeout(60_000);
