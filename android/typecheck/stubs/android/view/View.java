// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand in Java so that Kotlin applies its Java
// interop rules (platform types, getter/setter properties, statics) as it does to android.jar.
// Bodies are never run. See android/typecheck/stubs/README.md.
package android.view;

public class View {
    public View(android.content.Context context) { throw new RuntimeException("Stub!"); }
    public void announceForAccessibility(CharSequence text) { throw new RuntimeException("Stub!"); }
    public boolean isAttachedToWindow() { throw new RuntimeException("Stub!"); }
}
