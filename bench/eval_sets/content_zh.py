"""中文内容：两人一组的朋友、带改写说法的个人事实和第三人称提问，以及夹在中间的闲聊。
{S} 是事实所属的人，{O} 是聊天的朋友。"""
from spec import Fact, Query

PAIRS = [("王磊", "陈静"), ("李娜", "赵明"), ("刘洋", "张悦"), ("周婷", "孙浩")]
TIMEZONES = ["+08:00"] * 4
MONTHS = ["一月", "二月", "三月", "四月", "五月", "六月", "七月", "八月", "九月", "十月", "十一月", "十二月"]

NOISE = [
    "加拿大的首都是哪里？", "一年有多少天？", "水在多少度沸腾？", "《红楼梦》的作者是谁？", "地球上有几大洲？",
    "光速大概是多少？", "长江全长大约多少公里？", "一公里等于多少米？", "太阳系最大的行星是哪颗？", "端午节是农历几月几号？",
]

JOBS_OLD = [("前台", "一家牙科诊所"), ("销售", "一家卖保险的公司"), ("客服", "电商公司"), ("行政", "一家外贸公司"),
            ("收银员", "超市"), ("文员", "区里的一个事业单位")]
JOBS_NEW = [("产品经理", "一家做在线教育的公司"), ("数据分析师", "地铁集团"), ("UI设计师", "一家游戏公司叫星火互动"),
            ("培训讲师", "新东方"), ("项目助理", "一家建筑设计院"), ("后端开发", "一家做物流软件的创业公司")]
CITIES = ["成都", "杭州", "苏州", "厦门", "西安", "长沙", "青岛", "昆明"]
PETS = [("狗", "柯基", "馒头"), ("猫", "橘猫", "年糕"), ("狗", "小柴犬", "豆包"), ("猫", "英短蓝猫", "煤球"),
        ("猫", "三花", "花卷"), ("兔子", "垂耳兔", "团子"), ("狗", "金毛", "可乐"), ("狗", "比熊", "雪球")]
TRIPS = ["大理", "日本京都", "新疆喀纳斯", "泰国清迈", "西藏林芝", "冰岛", "海南万宁", "桂林阳朔"]
HOBBIES = ["陶艺", "攀岩", "拉丁舞", "水彩画", "书法", "木工", "游泳", "插花"]
BANDS = ["五月天", "新裤子", "陈奕迅", "草东没有派对", "周杰伦", "万能青年旅店", "告五人", "薛之谦"]
SIBLINGS = [("姐姐", "王芳"), ("弟弟", "小凯"), ("妹妹", "婷婷"), ("哥哥", "大伟"), ("表妹", "佳佳"), ("堂哥", "志强")]
INJURIES = [("崴了脚", "脚踝", "打羽毛球的时候"), ("把手腕摔骨折了", "手腕", "骑电动车滑倒"), ("腰扭了", "腰", "搬家搬柜子"),
            ("膝盖韧带拉伤了", "膝盖", "跑步下坡的时候"), ("肩膀拉伤", "肩膀", "在健身房练卧推"), ("脚趾骨裂了", "脚趾", "踢球被踩了一脚")]
BOOKS = [("《三体》", "刘慈欣"), ("《活着》", "余华"), ("《长安的荔枝》", "马伯庸"), ("《置身事内》", "兰小欢"),
         ("《我与地坛》", "史铁生"), ("《明朝那些事儿》", "当年明月"), ("《平凡的世界》", "路遥"), ("《撒哈拉的故事》", "三毛")]
DRINKS = [("美式咖啡", "绿茶"), ("奶茶", "柠檬水"), ("可乐", "苏打水"), ("拿铁", "红枣枸杞茶"), ("功能饮料", "豆浆"), ("冰咖啡", "普洱")]
HOLIDAYS = [("回老家哈尔滨", "去三亚"), ("在家陪爸妈", "去云南自驾"), ("去重庆吃火锅", "去苏州看外婆"),
            ("去北京找同学", "留在上海加班"), ("回湖南老家", "去日本北海道"), ("去广州喝早茶", "去成都看大熊猫")]
INSTRUMENTS = [("古筝", "一个音乐学院的老师"), ("尤克里里", "小区楼下琴行的小李"), ("钢琴", "张老师"), ("吉他", "同事老周"),
               ("架子鼓", "一个玩乐队的大哥"), ("二胡", "退休的刘老师")]
RACES = [("半程马拉松", "厦门", "2小时05分"), ("10公里", "杭州", "55分钟"), ("全程马拉松", "北京", "4小时20分"),
         ("半程马拉松", "无锡", "1小时58分"), ("越野25公里", "莫干山", "3小时10分"), ("10公里", "成都", "52分钟")]
ALLERGIES = ["海鲜", "青霉素", "花生", "芒果", "尘螨", "猫毛"]
CARS = [("二手的卡罗拉", "白色"), ("比亚迪海豚", "粉色"), ("特斯拉Model 3", "黑色"), ("五菱宏光MINI", "绿色"),
        ("本田飞度", "红色"), ("理想L6", "灰色")]
VOLUNTEER = ["流浪动物救助站", "社区图书馆", "养老院", "儿童医院", "社区食物银行", "博物馆讲解"]
GIFTS = [("一台拍立得", "老公"), ("一个扫地机器人", "男朋友"), ("一台咖啡机", "老婆"), ("一副降噪耳机", "女朋友"),
         ("一辆公路自行车", "爸妈"), ("一个kindle", "室友")]
PHONES = ["13917264058", "18602137749", "15821093366", "13760428815"]
PASSWORDS = ["Lx@2025home", "xiaomao_886", "Qwe!7788zh", "hz-wifi-0915"]
KIDS = [("儿子", "乐乐", "幼儿园"), ("女儿", "朵朵", "小学"), ("儿子", "豆豆", "幼儿园"), ("女儿", "妞妞", "小学"),
        ("儿子", "小宝", "小学")]
LANGS = [("日语", "每周两次网课"), ("韩语", "B站跟着视频学"), ("西班牙语", "报了个周末班"), ("法语", "找了个线上外教"),
         ("德语", "用多邻国每天打卡"), ("粤语", "跟广州同事学")]


def job_change(draw):
    old, old_place = draw("job_old", JOBS_OLD)
    new, company = draw("job_new", JOBS_NEW)
    return Fact(slots=dict(old=old, old_place=old_place, new=new, company=company), pieces=[
        [("S", ["工作还是老样子，在{old_place}当{old}，真想换", "我在{old_place}做{old}快三年了，每天累得要死",
                "还在{old_place}干{old}呢，没啥变化"])],
        [("S", ["跟你说个好消息，我跳槽了！下周去{company}当{new}", "辞职信交了哈哈，新工作是{company}的{new}",
                "offer签了，{company}，做{new}，工资涨了不少"]),
         ("O", ["哇！！恭喜恭喜", "太好了吧，早该走了", "牛啊，请吃饭"])],
    ], queries=[
        Query(["{S}现在做什么工作？", "{S}目前在哪儿上班？", "{S}现在的职位是什么？"], [(1, 0)], "update"),
        Query(["{S}跳槽去了哪家公司？", "哪家公司给{S}发了offer？"], [(1, 0)]),
    ])


def move_city(draw):
    city = draw("city", CITIES)
    return Fact(slots=dict(city=city), pieces=[[
        ("S", ["房子租好了，下个月底就搬去{city}", "定了，我们要搬到{city}去了，家里全是纸箱子", "我决定去{city}生活了，又怕又期待"]),
        ("O", ["啊？这么突然！", "哇变化好大，你开心吗", "以后见你就难了呜呜"]),
    ]], queries=[Query(["{S}搬到哪个城市去了？", "{S}要搬去哪里住？", "{S}后来去了哪座城市生活？"], [(0, 0)])])


def pet(draw):
    animal, kind, name = draw("pet", PETS)
    return Fact(slots=dict(animal=animal, kind=kind, name=name), pieces=[[
        ("S", ["我们周末从救助站领养了一只{kind}！", "告诉你，我家多了一只{kind}", "我干了件大事……领养了只{kind}"]),
        ("O", ["天哪好可爱，叫什么名字？", "快发照片！起名字了吗", "啊啊啊名字呢名字呢"]),
        ("S", ["叫{name}，看它那张脸就觉得像", "孩子们投票，最后叫{name}", "起名{name}，跟我奶奶以前养的一样"]),
    ]], queries=[
        Query(["{S}养的{animal}叫什么名字？", "{S}领养的那只{animal}起了什么名？", "{S}家新来的宠物叫啥？"], [(0, 2)]),
        Query(["{S}领养了什么宠物，叫什么名字？"], [(0, 0), (0, 2)]),
    ])


def trip(draw):
    place = draw("trip", TRIPS)
    return Fact(slots=dict(place=place), pieces=[[
        ("S", ["机票订好了！{month_next}12号到19号去{place}，好几年没正经休假了", "{month_next}12号出发去{place}，19号回来，终于定下来了",
               "我{month_next}要去{place}玩一周，12号到19号，想想就开心"]),
        ("O", ["羡慕死了，记得发照片", "哇听起来好棒", "你是该出去散散心了"]),
    ]], queries=[
        Query(["{S}什么时候去{place}？", "{S}去{place}的行程是哪几天？"], [(0, 0)]),
        Query(["{S}{month_next}打算去哪儿旅游？", "{S}订了去哪里的机票？"], [(0, 0)]),
    ])


def hobby_class(draw):
    hobby = draw("hobby", HOBBIES)
    return Fact(slots=dict(hobby=hobby), pieces=[[
        ("S", ["昨天去上了第一节{hobby}课，我简直是个灾难哈哈", "昨天第一次上{hobby}课！已经上瘾了", "昨晚终于去体验了{hobby}，胳膊到现在都酸"]),
        ("O", ["哈哈谁都是这么过来的", "好玩吗？还去吗", "好棒，支持你"]),
    ]], queries=[
        Query(["{S}第一次上{hobby}课是哪天？", "{S}是什么时候开始学{hobby}的？"], [(0, 0)]),
        Query(["{S}最近开始了什么新爱好？", "{S}最近去体验了什么课？"], [(0, 0)]),
    ])


def concert(draw):
    band = draw("band", BANDS)
    return Fact(slots=dict(band=band), pieces=[[
        ("S", ["昨晚去看了{band}的演唱会，耳朵现在还嗡嗡的", "昨天{band}的现场太炸了，好久没这么开心", "我昨天去听{band}了！位置超好"]),
        ("O", ["啊啊啊羡慕", "跟你想的一样好吗？", "肯定超级震撼"]),
    ]], queries=[
        Query(["{S}是哪天去看的{band}演唱会？", "{S}看{band}现场是什么时候？"], [(0, 0)]),
        Query(["{S}最近去看了谁的演唱会？", "{S}去听了哪个歌手或乐队的现场？"], [(0, 0)]),
    ])


def holiday_plan(draw):
    first, second = draw("holiday", HOLIDAYS)
    return Fact(slots=dict(first=first, second=second), pieces=[
        [("S", ["国庆打算{first}，跟往年一样", "今年国庆估计还是{first}吧"])],
        [("S", ["国庆计划变了哈，改成{second}了", "之前说的国庆安排取消了，现在是{second}", "跟你说一下，国庆不按原计划了，我们订了{second}"])],
    ], queries=[Query(["{S}国庆假期怎么安排的？", "{S}国庆去哪儿？"], [(1, 0)], "update")])


def wedding(draw):
    sibling, name = draw("sibling", SIBLINGS)
    return Fact(slots=dict(sibling=sibling, sname=name), pieces=[[
        ("S", ["我{sibling}{sname}订婚了！{month_in2}办婚礼，我还得上台致辞", "家里有喜事，{sibling}{sname}{month_in2}结婚，我已经开始愁发言稿了",
               "{sname}要结婚了，就是我{sibling}，定在{month_in2}，我还得帮忙张罗"]),
        ("O", ["恭喜恭喜！", "好甜啊，你肯定能讲好", "哇要吃喜糖了"]),
    ]], queries=[
        Query(["{S}家里谁要结婚了？", "{S}的哪个亲戚要办婚礼？"], [(0, 0)]),
        Query(["{S}的{sibling}什么时候结婚？", "{S}{sibling}的婚礼在几月？"], [(0, 0)]),
    ])


def injury(draw):
    what, part, how = draw("injury", INJURIES)
    return Fact(slots=dict(what=what, part=part, how=how), mood="bad", pieces=[[
        ("S", ["别提了，周六{how}{what}，医生说要养六周", "我{how}{what}，太蠢了，不过没大事", "小倒霉：{how}{what}，现在只能躺着"]),
        ("O", ["啊！没事吧？", "听着就疼", "好好养着别乱动"]),
    ]], queries=[Query(["{S}是怎么受伤的？", "{S}的{part}怎么了？"], [(0, 0)])])


def book(draw):
    title, author = draw("book", BOOKS)
    return Fact(slots=dict(title=title, author=author), mood="neutral", pieces=[[
        ("S", ["最近在看{author}的{title}，停不下来", "{title}看了一半了，{author}写得真好", "从图书馆借了本{title}，{author}那本"]),
        ("O", ["听说不错", "看完告诉我值不值得看", "我也加进书单了"]),
    ]], queries=[
        Query(["{S}最近在读什么书？", "{S}说自己正在看哪本书？"], [(0, 0)]),
        Query(["{S}在看的那本书作者是谁？"], [(0, 0)]),
    ])


def drink_switch(draw):
    before, after = draw("drink", DRINKS)
    return Fact(slots=dict(before=before, after=after), mood="neutral", pieces=[
        [("S", ["我早上不喝{before}根本醒不过来", "每天早上一杯{before}，雷打不动"])],
        [("S", ["我戒了{before}了，现在早上都喝{after}", "跟你说我把{before}换成{after}了，睡眠好多了", "{before}不喝了，现在早上只喝{after}"])],
    ], queries=[Query(["{S}现在早上喝什么？", "{S}最近早上习惯喝啥？"], [(1, 0)], "update")])


def no_meat(draw):
    return Fact(mood="neutral", pieces=[
        [("S", ["累了一周就想吃顿烤肉", "昨天吃了顿红烧肉，太香了"])],
        [("S", ["我已经两个月不吃肉了，感觉身体轻松多了", "跟你说我现在吃素了，肉都不碰了", "今年开始我就不吃肉了，也没觉得馋"])],
    ], queries=[Query(["{S}现在还吃肉吗？", "请{S}去吃烤肉合适吗？", "{S}是不是开始吃素了？"], [(1, 0)], "negation")])


def no_alcohol(draw):
    return Fact(mood="neutral", pieces=[[
        ("S", ["我彻底戒酒了，快四个月了", "我现在一口酒都不喝了，红酒也不喝", "今年把酒戒了，是我做过最对的决定"]),
        ("O", ["真厉害", "为你骄傲", "感觉怎么样？"]),
    ]], queries=[Query(["{S}还喝酒吗？", "聚餐要给{S}准备酒吗？", "{S}现在喝不喝酒？"], [(0, 0)], "negation")])


def instrument(draw):
    inst, teacher = draw("instrument", INSTRUMENTS)
    return Fact(slots=dict(inst=inst, teacher=teacher), pieces=[[
        ("S", ["我开始学{inst}了！老师是{teacher}，特别有耐心", "每周三跟{teacher}学{inst}", "我在学{inst}呢，{teacher}教我"]),
        ("O", ["好酷啊", "下次弹给我听", "这个年纪学乐器，佩服"]),
    ]], queries=[
        Query(["{S}在学什么乐器？", "{S}报了什么乐器课？"], [(0, 0)]),
        Query(["谁在教{S}乐器？", "{S}的乐器老师是谁？"], [(0, 0)]),
    ])


def race(draw):
    event, city, finish = draw("race", RACES)
    return Fact(slots=dict(event=event, city=city, finish=finish), pieces=[[
        ("S", ["周日跑完了{city}{event}，成绩{finish}！腿废了", "{city}的{event}跑下来了，{finish}", "上周末去跑了{city}{event}，用时{finish}"]),
        ("O", ["太强了！", "为你骄傲", "腿还好吗？"]),
    ]], queries=[
        Query(["{S}跑{event}用了多长时间？", "{S}那次比赛成绩多少？"], [(0, 0)]),
        Query(["{S}在哪个城市参加了跑步比赛？"], [(0, 0)]),
    ])


def allergy(draw):
    what = draw("allergy", ALLERGIES)
    return Fact(slots=dict(what=what), mood="bad", pieces=[[
        ("S", ["原来我对{what}过敏，上周直接进了急诊", "吃了苦头才知道自己{what}过敏", "医生确诊了，我对{what}过敏"]),
        ("O", ["天哪，幸好没事", "好吓人", "还好查出来了"]),
    ]], queries=[Query(["{S}对什么过敏？", "{S}查出来有什么过敏？"], [(0, 0)])])


def car(draw):
    model, color = draw("car", CARS)
    return Fact(slots=dict(model=model, color=color), pieces=[[
        ("S", ["我们终于买车了，{model}，{color}的", "这周提了辆{model}，{color}，超喜欢", "新车到手！{color}{model}"]),
        ("O", ["可以自驾游了！", "不用挤地铁了", "什么颜色的？"]),
    ]], queries=[Query(["{S}买了什么车？", "{S}现在开的是什么车？"], [(0, 0)])])


def volunteer(draw):
    place = draw("volunteer", VOLUNTEER)
    return Fact(slots=dict(place=place), pieces=[[
        ("S", ["我最近周六早上去{place}做志愿者", "开始去{place}帮忙了，周末都在那", "每周六在{place}做义工，挺有意义的"]),
        ("O", ["好有爱", "真好，做的事有意义", "怎么想到去的？"]),
    ]], queries=[Query(["{S}在哪里做志愿者？", "{S}最近周六上午都在忙什么？"], [(0, 0)])])


def birthday_gift(draw):
    gift, giver = draw("gift", GIFTS)
    return Fact(slots=dict(gift=gift, giver=giver), pieces=[[
        ("S", ["生日那天{giver}送了我{gift}！", "过生日收到{giver}送的{gift}，差点哭了", "今年生日礼物是{gift}，{giver}挑的"]),
        ("O", ["生日快乐呀（补）", "好用心啊", "羡慕，珍惜吧"]),
    ]], queries=[Query(["{S}生日收到了什么礼物？", "{S}的生日礼物是什么？"], [(0, 0)])])


def kid_school(draw):
    rel, name, grade = draw("kid", KIDS)
    return Fact(slots=dict(rel=rel, kname=name, grade=grade), pieces=[[
        ("S", ["{kname}今天上{grade}了，送完我在车里哭了", "{kname}第一天上{grade}！我的宝贝长大了", "我{rel}{kname}开始上{grade}了，时间过得太快"]),
        ("O", ["好大的日子啊", "孩子长得真快", "第一天顺利吗？"]),
    ]], queries=[Query(["{S}家刚上{grade}的孩子叫什么？", "{S}哪个孩子最近开始上学了？"], [(0, 0)])])


def language(draw):
    lang, how = draw("lang", LANGS)
    return Fact(slots=dict(lang=lang, how=how), pieces=[[
        ("S", ["我在学{lang}，{how}", "开始学{lang}了，{how}，争取坚持下去", "报名学{lang}了，{how}"]),
        ("O", ["是为了旅游吗？", "好有毅力", "说一句听听！"]),
    ]], queries=[Query(["{S}在学哪门外语？", "{S}最近开始学什么语言？"], [(0, 0)])])


def phone(draw):
    number = draw("phone", PHONES)
    spaced = f"{number[:3]} {number[3:7]} {number[7:]}"
    return Fact(slots=dict(number=number), mood="neutral", pieces=[[
        ("S", ["我换号了，新号码{number}，存一下", "新手机号：{number}，旧的不用了"]),
        ("O", ["存好了", "收到，改通讯录了"]),
    ]], queries=[Query(["{S}的手机号是多少？", "把{S}的新号码告诉我"], [], "private", [number, spaced])])


def password(draw):
    secret = draw("password", PASSWORDS)
    return Fact(slots=dict(secret=secret), mood="neutral", pieces=[[
        ("S", ["民宿的wifi密码是{secret}，你到了直接连", "视频会员共享账号的密码是{secret}"]),
        ("O", ["谢啦", "好的收到"]),
    ]], queries=[Query(["{S}分享过的那个密码是什么？", "{S}给的密码是多少？"], [], "private", [secret])])


FACT_TYPES = [job_change, move_city, pet, trip, hobby_class, concert, holiday_plan, wedding, injury, book, drink_switch,
              no_meat, no_alcohol, instrument, race, allergy, car, volunteer, birthday_gift, kid_school, language]
PARALLEL_TYPES = [pet, book, hobby_class, trip, instrument, concert]
PRIVATE_TYPES = [phone, password]

GREETINGS = ["{O}！在吗", "嗨{O}，最近怎么样", "好久没聊了啊", "早呀，忙不忙", "在不在～", "{O}，有空聊两句吗",
             "哈喽", "这周过得咋样", "嘿，下班了没", "稀客稀客"]
GREETING_REPLIES = ["在呢在呢", "刚好想找你", "在，怎么啦", "还行，你呢", "刚坐下，正好", "来了来了", "是啊好久没聊", "刚到家"]
LEAD_INS = ["最近有啥新鲜事？", "最近怎么样呀", "你那边都还好吧", "说说你的近况", "最近在忙啥", "快跟我汇报一下", "日子过得咋样"]
FAREWELLS = ["好啦我先去忙了，回聊", "要做饭了，拜拜", "不打扰你了，下次聊", "要开会了，晚点说", "晚安早点睡", "先这样啦", "拜拜～"]
FAREWELL_REPLIES = ["拜拜", "回聊", "好嘞", "晚安", "嗯嗯去吧", "抱抱，下次聊", "好的好的"]
REACT = {
    "good": ["太棒了！", "好喜欢", "真替你高兴", "耶！", "好消息啊", "哈哈厉害"],
    "bad": ["啊，心疼", "好惨", "坚持住", "太倒霉了", "抱抱"],
    "neutral": ["哦？有意思", "挺好的", "也是", "了解了", "真的吗", "有道理"],
}
EXCHANGES = [
    (["你那边天气怎么样？", "还在下雨吗？", "台风过去了没？"],
     ["阴沉沉的，老样子", "难得出太阳了", "冷死了，穿了两件毛衣", "闷得要命", "上午下大雨，现在停了"]),
    (["周末过得怎么样？", "周末干嘛了？", "周末有安排吗？"],
     ["在家躺了两天", "跑了一堆杂事，没啥意思", "大扫除了，很有成就感", "跟朋友吃了个饭，老样子", "没啥安排，天好就出去走走"]),
    (["工作忙吗最近？", "这周累不累？", "还在加班吗？"],
     ["忙疯了，还活着", "说实话比平时轻松", "一天到晚开会，脑子是浆糊", "还行，老样子", "赶截止日期，快完事了"]),
    (["最近看啥剧？", "有什么好看的推荐吗？", "最近追什么综艺？"],
     ["重刷老剧，下饭", "啥也没看，翻来翻去就放弃了", "一个做饭比赛的综艺，上头", "看了个悬疑纪录片，吓得睡不着", "这周看电影睡着两次哈哈"]),
    (["晚饭吃的啥？", "做饭了吗今天？", "吃了没？"],
     ["剩的面条，凑合", "煮了个汤，天冷就想喝", "点的外卖，不后悔", "泡面，别笑", "试了个新菜谱，一半成功"]),
    (["今天心情怎么样？", "你还好吧？", "最近状态咋样？"],
     ["有点累但还行", "说实话压力有点大", "挺好的！", "起起伏伏吧", "比上周好多了"]),
    (["昨晚睡得好吗？", "听你声音好累", "今天很长吧？"],
     ["几乎没睡，楼上太吵", "睡得跟猪一样", "漫长的一天，人都麻了", "还行，来杯咖啡就好"]),
    (["还记得我们去过的那家咖啡馆吗？", "找时间一起吃个饭吧", "啥时候聚一下？"],
     ["记得！得再去一次", "好啊，我看看日程", "快了快了", "下个月吧？"]),
]
SOLO = ["哈哈哈", "笑死", "是的是的", "确实", "对吧！", "完全同意", "有道理", "真的假的", "不会吧", "我就说嘛", "经典",
        "太真实了", "行吧", "懂了", "感同身受", "等下，水开了", "哈哈别闹", "你每次都这么说", "我也是", "都{month}了，好快",
        "时间过得真快", "这周好漫长", "手机快没电了", "回来了", "离谱", "我好喜欢", "嗯……不好说", "也许吧", "好随机",
        "对对对", "说到这个，我得给我妈打个电话", "老是忘记喝水", "我的绿植又快死光了", "今天路上堵死了", "好想放假",
        "今天第三杯咖啡了", "笑出声了", "终于把邮箱清空了", "邻居家的狗叫了一晚上", "今天超市有个人好没礼貌",
        "我在努力多走路", "周一综合症", "怎么还没到周五", "零食买多了", "你这句话让我开心一整天", "嗯嗯", "好滴", "害"]
