package faceflow.partner;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The canonical forms every faceflow signature is computed over, byte for byte as the service
 * makes them (packages/partner-node/src/canonical.ts in the faceflow repository).
 */
public final class Canonical {
    private Canonical() {}

    private static final String UNRESERVED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()";

    /**
     * JavaScript's encodeURIComponent: UTF-8, every byte but the unreserved set as %XX. Not
     * URLEncoder, which writes a space as "+" and escapes "*", "~", "!", "'", "(" and ")".
     */
    public static String encodeUriComponent(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && UNRESERVED.indexOf(c) >= 0) out.append((char) c);
            else out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16))).append(Character.toUpperCase(Character.forDigit(c & 15, 16)));
        }
        return out.toString();
    }

    /**
     * Keys sorted by UTF-16 code unit (String.compareTo, as JavaScript sorts), enc(key)=enc(value)
     * joined by {@code &}, null and empty values left out: {@code {b=2, a="x y", c=""}} gives {@code a=x%20y&b=2}.
     */
    public static String canonicalQuery(Map<String, String> params) {
        return params.entrySet().stream()
                .filter(e -> e.getValue() != null && !e.getValue().isEmpty())
                .sorted(Map.Entry.comparingByKey())
                .map(e -> encodeUriComponent(e.getKey()) + "=" + encodeUriComponent(e.getValue()))
                .collect(Collectors.joining("&"));
    }

    /** Lowercase hex HMAC-SHA256 of a UTF-8 message under a UTF-8 secret. */
    public static String hmacHex(String secret, String message) {
        return hmacHex(secret, message.getBytes(StandardCharsets.UTF_8));
    }

    /** Lowercase hex HMAC-SHA256 of bytes under a UTF-8 secret. */
    public static String hmacHex(String secret, byte[] message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message));
        } catch (GeneralSecurityException missing) {
            // Every Java SE runtime has HmacSHA256: this cannot happen on a working JDK.
            throw new IllegalStateException("HmacSHA256 unavailable", missing);
        }
    }

    /** Constant-time comparison; anything but lowercase hex of the expected length is unequal. */
    public static boolean safeEqualHex(String expected, String received) {
        if (received == null || received.length() != expected.length() || !received.matches("[0-9a-f]*")) return false;
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), received.getBytes(StandardCharsets.US_ASCII));
    }
}
