package faceflow.partner;

/** A non-2xx answer of the service ({code, message}), or an answer that is not the contract's. */
public final class FaceflowPartnerException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;
    private final String code;

    public FaceflowPartnerException(int status, String code, String message) {
        super(status + " " + code + ": " + message);
        this.status = status;
        this.code = code;
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }
}
