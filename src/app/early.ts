/**
 * The entry's first import (./index.tsx), so it runs before the rest of the app's code is evaluated:
 * the launch's calls without a token go out now (shared/launch).
 */
import { sendLaunchCallsEarly } from '@/shared/launch';

sendLaunchCallsEarly();
