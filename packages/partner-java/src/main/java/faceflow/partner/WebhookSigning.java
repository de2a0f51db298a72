package faceflow.partner;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Faceflow's webhook signatures (packages/partner-node/src/webhookSigning.ts in the faceflow
 * repository). The service sends
 * <pre>Faceflow-Signature: t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256(secret, t + "." + raw body)&gt;</pre>
 * Check the raw bytes before parsing any JSON, with every secret you hold (the current one and,
 * during a rotation, the other), and refuse a {@code t} outside the tolerance so a captured
 * request cannot be replayed later. Within the window the event id makes processing
 * idempotent: an event may arrive more than once.
 */
public final class WebhookSigning {
    private WebhookSigning() {}

    public static final String SIGNATURE_HEADER = "Faceflow-Signature";
    public static final String EVENT_ID_HEADER = "Faceflow-Event-Id";
    public static final String EVENT_TYPE_HEADER = "Faceflow-Event-Type";
    public static final long TOLERANCE_SEC = 300;
    private static final Pattern TIMESTAMP = Pattern.compile("[0-9]{1,12}");

    /** The header value the service sends for {@code body} at {@code timestampSec}. */
    public static String sign(String secret, byte[] body, long timestampSec) {
        return "t=" + timestampSec + ",v1=" + mac(secret, Long.toString(timestampSec), body);
    }

    /** {@link #verify(byte[], String, List, long, long)} with the default 300 s tolerance. */
    public static WebhookVerification verify(byte[] body, String header, List<String> secrets, long nowSec) {
        return verify(body, header, secrets, nowSec, TOLERANCE_SEC);
    }

    /** Check a received webhook: the raw body, the Faceflow-Signature header (null when none came), the secrets to accept, the time now. */
    public static WebhookVerification verify(byte[] body, String header, List<String> secrets, long nowSec, long toleranceSec) {
        if (header == null) return new WebhookVerification(false, null, "malformed");
        String t = null;
        List<String> signatures = new ArrayList<>();
        for (String raw : header.split(",", -1)) {
            String part = raw.strip();
            if (t == null && part.startsWith("t=")) t = part.substring(2);
            if (part.startsWith("v1=")) signatures.add(part.substring(3));
        }
        if (t == null || !TIMESTAMP.matcher(t).matches() || signatures.isEmpty()) return new WebhookVerification(false, null, "malformed");
        boolean matches = false;
        for (String secret : secrets) {
            String expected = mac(secret, t, body);
            for (String signature : signatures) matches |= Canonical.safeEqualHex(expected, signature);
        }
        // The signature before the time, as the service's kit does: a forged request is called
        // forged whatever its time, and every kit gives the same reason (the vectors check it).
        if (!matches) return new WebhookVerification(false, null, "signature");
        long timestampSec = Long.parseLong(t);
        if (Math.abs(nowSec - timestampSec) > toleranceSec) return new WebhookVerification(false, null, "expired");
        return new WebhookVerification(true, timestampSec, null);
    }

    private static String mac(String secret, String t, byte[] body) {
        byte[] prefix = (t + ".").getBytes(StandardCharsets.US_ASCII);
        byte[] message = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, message, 0, prefix.length);
        System.arraycopy(body, 0, message, prefix.length, body.length);
        return Canonical.hmacHex(secret, message);
    }
}
