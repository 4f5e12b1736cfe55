// Type-checking stand-in, NOT the Android platform: the declarations the app uses, with the
// signatures of android.jar (API 35), written by hand in Java so that Kotlin applies its Java
// interop rules (platform types, getter/setter properties, statics) as it does to android.jar.
// Bodies are never run. See android/typecheck/stubs/README.md.
package android.content;

public class Intent implements Cloneable {
    public static final String ACTION_MAIN = "android.intent.action.MAIN";
    public static final String ACTION_SEND = "android.intent.action.SEND";
    public static final String ACTION_VIEW = "android.intent.action.VIEW";
    public static final int FLAG_ACTIVITY_LAUNCHED_FROM_HISTORY = 0x00100000;
    public static final String EXTRA_SUBJECT = "android.intent.extra.SUBJECT";
    public static final String EXTRA_TEXT = "android.intent.extra.TEXT";
    public static final String EXTRA_TITLE = "android.intent.extra.TITLE";

    public Intent() { throw new RuntimeException("Stub!"); }

    public Intent(String action) { throw new RuntimeException("Stub!"); }

    public static Intent createChooser(Intent target, CharSequence title) { throw new RuntimeException("Stub!"); }

    public String getAction() { throw new RuntimeException("Stub!"); }

    public Intent setAction(String action) { throw new RuntimeException("Stub!"); }

    public String getType() { throw new RuntimeException("Stub!"); }

    public android.net.Uri getData() { throw new RuntimeException("Stub!"); }

    public int getFlags() { throw new RuntimeException("Stub!"); }

    public Intent setType(String type) { throw new RuntimeException("Stub!"); }

    public Intent putExtra(String name, boolean value) { throw new RuntimeException("Stub!"); }

    public Intent putExtra(String name, int value) { throw new RuntimeException("Stub!"); }

    public Intent putExtra(String name, long value) { throw new RuntimeException("Stub!"); }

    public Intent putExtra(String name, String value) { throw new RuntimeException("Stub!"); }

    public Intent putExtra(String name, CharSequence value) { throw new RuntimeException("Stub!"); }

    public String getStringExtra(String name) { throw new RuntimeException("Stub!"); }
}
