// An ESM file of a program that imports the compat entry from both kinds of file.
import '@x/connect-streams/compat';
import '@x/voice-id/compat';

connect.contact((contact: connect.Contact) => contact.accept());
