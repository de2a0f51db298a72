package faceflow.partner;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Partner API request signatures (packages/partner-node/src/requestSigning.ts in the faceflow
 * repository): hex HMAC-SHA256 with the app secret over
 * "faceflow-partner-v1\n" + METHOD + "\n" + path with query as sent + "\n" + timestamp + "\n" + nonce + "\n" + raw body.
 */
public final class RequestSigning {
    private RequestSigning() {}

    public static final String APP_ID_HEADER = "x-faceflow-app-id";
    public static final String TIMESTAMP_HEADER = "x-faceflow-timestamp";
    public static final String NONCE_HEADER = "x-faceflow-nonce";
    public static final String SIGNATURE_HEADER = "x-faceflow-signature";

    /** The exact text a request signature covers ("" as the body of a GET). */
    public static String base(String method, String path, String timestamp, String nonce, String body) {
        return String.join("\n", "faceflow-partner-v1", method.toUpperCase(Locale.ROOT), path, timestamp, nonce, body);
    }

    /** Hex signature of a request. */
    public static String sign(String secret, String method, String path, String timestamp, String nonce, String body) {
        return Canonical.hmacHex(secret, base(method, path, timestamp, nonce, body));
    }

    /** The four authentication headers of a request. */
    public static Map<String, String> headers(String appId, String secret, String method, String path, String timestamp, String nonce, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put(APP_ID_HEADER, appId);
        headers.put(TIMESTAMP_HEADER, timestamp);
        headers.put(NONCE_HEADER, nonce);
        headers.put(SIGNATURE_HEADER, sign(secret, method, path, timestamp, nonce, body));
        return headers;
    }
}
