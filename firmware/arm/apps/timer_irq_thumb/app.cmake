# The timer_irq program compiled as Thumb-2 (the BSP and its vectors stay ARM): interrupts taken
# from and returning to Thumb code.
set(APP_SOURCES ../timer_irq/main.c)
set(APP_THUMB ON)
set(APP_DEFINES APP_NAME="timer_irq_thumb")
