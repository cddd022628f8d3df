/** The headers of the Open Inference Protocol that pass through the proxy and the gateway, both ways. */
export const PASSED_HEADERS = ['content-type', 'inference-header-content-length'];
