package faceflow.partner;

import java.util.Map;

/**
 * A return payload's check: valid, the return fields as received (null when malformed), and
 * when not valid why ("signature does not match", "newSignature does not match", "payload fields
 * missing or malformed").
 */
public record ReturnVerification(boolean valid, Map<String, String> payload, String reason) {}
