// Log and error strings (the reference's wording where it has one).

/** @internal */
export const MSG_CB_MUST_BE_FUNCTION = 'cb must be a function';

/** @internal */
export const MSG_TRANSPORT_MUST_BE_FUNCTION = 'transportHandle must be a function';

/** @internal */
export const MSG_TOPICS_MUST_BE_ARRAY = 'topics is not an array';

/** @internal */
export const MSG_PAYLOAD_NOT_OBJECT = 'payload is not an object!';

/** @internal */
export const MSG_ALREADY_INITIALIZED = 'Web Socket Manager was already initialized';

/** @internal */
export const MSG_NETWORK_OFFLINE = 'Network offline';

/** @internal */
export const MSG_NETWORK_ONLINE = 'Network online, connecting to WebSocket server';

/** @internal */
export const MSG_OFFLINE_IGNORING_FETCH =
  'Network offline, ignoring this getWebSocketConnConfig request';

/** @internal */
export const MSG_INIT_FAILED_IGNORING_FETCH =
  'WebSocket Init had failed, ignoring this getWebSocketConnConfig request';

/** @internal */
export const MSG_FETCH_IN_FLIGHT =
  'There is an ongoing getWebSocketConnConfig request, this request will be ignored';

/** @internal */
export const MSG_HEARTBEAT_MISSED = 'Heartbeat response not received';

/** @internal */
export const MSG_HEARTBEAT_NOT_OPEN = 'Failed to send heartbeat since WebSocket is not open';

/** @internal */
export const MSG_ESTABLISHED = 'WebSocket connection established!';

/** @internal */
export const MSG_CLOSED = 'WebSocket connection is closed';

/** @internal */
export const MSG_ERROR_EVENT = 'WebSocketManager Error, error_event: ';

/** @internal */
export const MSG_SCHEDULING = 'Scheduling WebSocket reinitialization, after delay ';

/** @internal */
export const MSG_URL_EXPIRED = 'WebSocket URL cannot be used to establish connection';

/** @internal */
export const MSG_TERMINATING =
  'WebSocket Initialization failed - Terminating and cleaning subscriptions';

/** @internal */
export const MSG_TERMINATE_REASON = 'Terminating WebSocket Manager';

/** @internal */
export const MSG_USER_CLOSE = 'User request to close WebSocket';

/** @internal */
export const MSG_CLOSING_PRIMARY = '[Primary WebSocket] Closing WebSocket';

/** @internal */
export const MSG_FETCHING = 'Fetching new WebSocket connection configuration';

/** @internal */
export const MSG_FETCH_FAILED = 'Failed to fetch webSocket connection configuration';

/** @internal */
export const MSG_INVALID_CONFIG = 'Invalid WebSocket connection configuration: ';

/** @internal */
export const MSG_INIT_ABORTED_FAILED = 'web-socket initializing had failed, aborting re-init';

/** @internal */
export const MSG_INIT_ABORTED_OFFLINE = 'System is offline aborting web-socket init';

/** @internal */
export const MSG_INIT_SOCKET_FAILED = 'Failed to initialize new WebSocket: ';

/** @internal */
export const MSG_MESSAGE_ERROR = 'WebSocketManager Message Error';

/** @internal */
export const MSG_INVALID_MESSAGE = 'Invalid incoming message';

/** @internal */
export const MSG_DUPLICATE = 'Ignoring Message for Topic, to avoid duplicates: ';

/** @internal */
export const MSG_NO_LISTENER = 'No registered callback listener for Topic';

/** @internal */
export const MSG_CALLBACK_ERROR = 'Error executing callback';

/** @internal */
export const MSG_INVALID_TOPIC = 'Cannot send message, Invalid topic';

/** @internal */
export const MSG_NOT_OPEN = 'Cannot send message, web socket connection is not open';

/** @internal */
export const MSG_SUBSCRIBE_EXHAUSTED =
  'Ignoring subscribePendingTopics since we have exhausted max subscription retries with no response';

/** @internal */
export const MSG_SUBSCRIBE_NOT_OPEN =
  'Ignoring subscribePendingTopics call since Default WebSocket is not open';

/** @internal */
export const MSG_LOST_IGNORED = 'Ignoring connectionLost callback invocation';

/** @internal */
export const MSG_NEITHER_OPEN =
  'Neither primary websocket and nor secondary websocket have open connections, attempting to re-establish connection';
