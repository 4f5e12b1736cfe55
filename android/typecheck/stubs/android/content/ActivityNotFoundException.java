// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand. Bodies are never run. See
// android/typecheck/stubs/README.md.
package android.content;

public class ActivityNotFoundException extends RuntimeException {
    public ActivityNotFoundException() { throw new RuntimeException("Stub!"); }

    public ActivityNotFoundException(String name) { throw new RuntimeException("Stub!"); }
}
