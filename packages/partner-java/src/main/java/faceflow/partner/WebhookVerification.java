package faceflow.partner;

/** A webhook's check: ok with the signed time (Unix seconds), or not ok and why ("malformed", "signature", "expired"). */
public record WebhookVerification(boolean ok, Long timestampSec, String reason) {}
