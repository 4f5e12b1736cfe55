// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand. Bodies are never run. See
// android/typecheck/stubs/README.md.
package android.widget;

public class Toast {
    public static final int LENGTH_SHORT = 0;
    public static final int LENGTH_LONG = 1;

    public Toast(android.content.Context context) { throw new RuntimeException("Stub!"); }

    public static Toast makeText(android.content.Context context, CharSequence text, int duration) {
        throw new RuntimeException("Stub!");
    }

    public void show() { throw new RuntimeException("Stub!"); }
}
