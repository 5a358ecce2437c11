// The integration's one import, after step 1 of the migration guide.
import '@x/connect-streams/compat';
