// The integration's one import, as it is today: amazon-connect-streams 2.18.7.
import 'amazon-connect-streams';
