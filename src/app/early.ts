/**
 * The entry's first import (./index.tsx), so it runs before the rest of the app's code is evaluated:
 * the launch's calls index.html's launch script sent are handed to the transport (shared/launch).
 */
import { takeLaunchCalls } from '@/shared/launch';

takeLaunchCalls();
