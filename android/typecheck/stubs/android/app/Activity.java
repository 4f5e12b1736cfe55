// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand in Java so that Kotlin applies its Java
// interop rules (platform types, getter/setter properties, statics) as it does to android.jar.
// Bodies are never run. See android/typecheck/stubs/README.md.
package android.app;

public class Activity extends android.view.ContextThemeWrapper {
    public Activity() { throw new RuntimeException("Stub!"); }

    protected void onCreate(android.os.Bundle savedInstanceState) { throw new RuntimeException("Stub!"); }

    protected void onStart() { throw new RuntimeException("Stub!"); }

    protected void onResume() { throw new RuntimeException("Stub!"); }

    protected void onPause() { throw new RuntimeException("Stub!"); }

    protected void onStop() { throw new RuntimeException("Stub!"); }

    protected void onDestroy() { throw new RuntimeException("Stub!"); }

    public boolean isChangingConfigurations() { throw new RuntimeException("Stub!"); }

    public boolean isFinishing() { throw new RuntimeException("Stub!"); }

    public void finish() { throw new RuntimeException("Stub!"); }

    public final Application getApplication() { throw new RuntimeException("Stub!"); }

    @Override public void startActivity(android.content.Intent intent) { throw new RuntimeException("Stub!"); }

    public android.content.Intent getIntent() { throw new RuntimeException("Stub!"); }

    protected void onNewIntent(android.content.Intent intent) { throw new RuntimeException("Stub!"); }

    public final void runOnUiThread(Runnable action) { throw new RuntimeException("Stub!"); }
}
